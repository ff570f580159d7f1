import { useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../api/client.ts';

/** The doctor's report as the API returns it. */
export type DoctorReport = Schemas['DoctorReport'];

/** One finding of the doctor. */
export type DoctorFinding = Schemas['DoctorFinding'];

/** The doctor's report on the skills the signed-in user can read in the workspace. */
export function useDoctorReport() {
  return useQuery({
    queryKey: ['doctor'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/skills/doctor', { signal })),
  });
}
