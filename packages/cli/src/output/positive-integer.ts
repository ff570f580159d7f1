import { InvalidArgumentError } from 'commander';

/** Parses a command-line value as a positive integer, or fails the way commander reports a bad option. */
export function parsePositiveInteger(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < 1) {
    throw new InvalidArgumentError(`expected a positive integer, got '${value}'.`);
  }
  return number;
}
