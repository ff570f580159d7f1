import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A root-run sandbox drops to a fresh uid in this range: one that owns no file and no process. */
const FIRST_LENT_UID = 2_000_000_000;
const LENT_UIDS = 100_000_000;
const NOBODY = 65534;

/** True when every id in [first, first + count) exists in this user namespace's map. */
function mapped(mapFile: string, first: number, count: number): boolean {
  let text: string;
  try {
    text = readFileSync(mapFile, 'utf8');
  } catch {
    return false;
  }
  return text
    .trim()
    .split('\n')
    .some((line) => {
      const [inside = 0, , length = 0] = line.trim().split(/\s+/).map(Number);
      return first >= inside && first + count <= inside + length;
    });
}

/**
 * The uid (and gid) a root-run script gets: a random one of a range nothing else uses, so the
 * process limit counts only this run; `nobody` where this user namespace does not map that range
 * (a rootless container).
 */
export function pickLentUid(): number {
  const ranged =
    mapped('/proc/self/uid_map', FIRST_LENT_UID, LENT_UIDS) &&
    mapped('/proc/self/gid_map', FIRST_LENT_UID, LENT_UIDS);
  return ranged ? FIRST_LENT_UID + randomInt(LENT_UIDS) : NOBODY;
}
