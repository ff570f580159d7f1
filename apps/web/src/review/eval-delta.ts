import { formatShare } from '../skill/trigger-eval-text.ts';

/** How a share moved from the published revision to the proposed one, in words. */
export interface ShareDelta {
  before: string;
  after: string;
  /** `+12 points`, `−5 points`, `no change`; empty when either side was not measured. */
  change: string;
  direction: 'up' | 'down' | 'same' | 'unknown';
}

/** A recall or precision before and after, as percentages and the change in points. */
export function shareDelta(before: number | null | undefined, after: number | null): ShareDelta {
  const shown = {
    before: before === undefined ? '—' : formatShare(before),
    after: formatShare(after),
  };
  if (before === undefined || before === null || after === null) {
    return { ...shown, change: '', direction: 'unknown' };
  }
  const points = Math.round(after * 100) - Math.round(before * 100);
  if (points === 0) return { ...shown, change: 'no change', direction: 'same' };
  const size = `${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
  return points > 0
    ? { ...shown, change: `+${size}`, direction: 'up' }
    : { ...shown, change: `−${size}`, direction: 'down' };
}
