/** The periods the usage page offers, in days. */
export const USAGE_PERIODS = [7, 30, 90] as const;

/** One of {@link USAGE_PERIODS}. */
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

/** The period a `?days=` value asks for: one of {@link USAGE_PERIODS}, else 30. */
export function readUsagePeriod(value: string | null): UsagePeriod {
  return USAGE_PERIODS.find((period) => String(period) === value) ?? 30;
}
