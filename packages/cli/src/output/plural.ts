/** `1 skill`, `2 skills`: a count with its noun in the right number. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
