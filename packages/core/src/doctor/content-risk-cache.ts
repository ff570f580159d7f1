import { hashSkillContent } from '../search/hash-skill-content.ts';
import type { DoctorFinding } from './doctor-finding.ts';
import { type ScanContentRisksOptions, scanContentRisks } from './scan-content-risks.ts';

const maximumEntries = 10_000;
const cache = new Map<string, DoctorFinding[]>();

function contentKey(options: ScanContentRisksOptions): string {
  return options.files.map((file) => `${file.path}\0${file.text}`).join('\0\0');
}

/** {@link scanContentRisks}, cached per SHA-256 of the skill's content (name, paths and texts). */
export async function scanContentRisksCached(
  options: ScanContentRisksOptions,
): Promise<DoctorFinding[]> {
  const hash = await hashSkillContent(`${options.skill}\0\0${contentKey(options)}`);
  const cached = cache.get(hash);
  if (cached !== undefined) return cached;
  const findings = scanContentRisks(options);
  if (cache.size >= maximumEntries) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(hash, findings);
  return findings;
}
