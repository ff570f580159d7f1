import { InvalidArgumentError } from 'commander';

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `--expires` (`30d`, `12h`, `90m`) into a date from now. */
export function parseExpires(value: string): Date {
  const match = /^(\d+)([dhm])$/.exec(value.trim());
  const amount = Number(match?.[1]);
  if (match === null || !Number.isSafeInteger(amount) || amount < 1) {
    throw new InvalidArgumentError(`expected a duration such as 30d, 12h or 90m, got '${value}'.`);
  }
  return new Date(Date.now() + amount * (UNITS[match[2] as string] as number));
}
