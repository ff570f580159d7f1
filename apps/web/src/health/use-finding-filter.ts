import { useSearchParams } from 'react-router';
import { type FindingFilter, NO_FILTER } from './filter-findings.ts';
import { SEVERITIES } from './group-findings.ts';

function readSeverity(value: string | null): FindingFilter['severity'] {
  return SEVERITIES.find((each) => each.severity === value)?.severity ?? 'all';
}

/** The Health page's finding filter, kept in the address (`severity`, `code`, `skill`). */
export function useFindingFilter(): [FindingFilter, (filter: FindingFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter: FindingFilter = {
    severity: readSeverity(params.get('severity')),
    code: params.get('code'),
    skill: params.get('skill') ?? '',
  };
  function setFilter(next: FindingFilter) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const values = {
          severity: next.severity === NO_FILTER.severity ? null : next.severity,
          code: next.code,
          skill: next.skill === '' ? null : next.skill,
        };
        for (const [key, value] of Object.entries(values)) {
          if (value === null) updated.delete(key);
          else updated.set(key, value);
        }
        return updated;
      },
      { replace: true },
    );
  }
  return [filter, setFilter];
}
