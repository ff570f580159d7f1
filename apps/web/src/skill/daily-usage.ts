/** One row of `GET /api/usage`. */
export interface UsageCount {
  skill: string;
  day: string;
  trigger: string;
  count: number;
}

/** A day of the chart: its date (`YYYY-MM-DD`) and the uses that day, over every trigger. */
export interface UsageDay {
  day: string;
  count: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `days` UTC days ending with the day of `to`, with the uses of each (zero where none). */
export function dailyUsage(counts: readonly UsageCount[], to: string, days = 30): UsageDay[] {
  const totals = new Map<string, number>();
  for (const row of counts) totals.set(row.day, (totals.get(row.day) ?? 0) + row.count);
  const last = Date.parse(`${to.slice(0, 10)}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(last - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    return { day, count: totals.get(day) ?? 0 };
  });
}
