/** An API timestamp as a person reads it in a terminal: `2026-11-29 02:21 UTC`. */
export function formatWhen(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match === null ? iso : `${match[1]} ${match[2]} UTC`;
}
