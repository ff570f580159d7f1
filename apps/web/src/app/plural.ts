/** `1 skill`, `2 skills`, `1,240 skills`: a count with the noun that fits it. */
export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
