import type { EligibilityMissing } from '@skillset/core';

/** What an ineligible skill lacks, in one line: `bins: ffmpeg; env: API_KEY; one of: rg, ag`. */
export function formatMissing(missing: EligibilityMissing): string {
  const parts: string[] = [];
  if (missing.bins.length > 0) parts.push(`bins: ${missing.bins.join(', ')}`);
  if (missing.anyBins.length > 0) parts.push(`one of the bins: ${missing.anyBins.join(', ')}`);
  if (missing.env.length > 0) parts.push(`env: ${missing.env.join(', ')}`);
  if (missing.config.length > 0) parts.push(`config: ${missing.config.join(', ')}`);
  if (missing.os.length > 0) parts.push(`os: one of ${missing.os.join(', ')}`);
  return parts.join('; ');
}
