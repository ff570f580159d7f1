import { InvalidArgumentError } from 'commander';

/** Parses a command-line value as a share between 0 and 1 (e.g. a minimum recall). */
export function parseShare(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1) {
    throw new InvalidArgumentError(`expected a number from 0 to 1, got '${value}'.`);
  }
  return number;
}
