const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When a revision was proposed or reviewed, as a date and time. */
export function formatReviewTime(iso: string): string {
  return dateFormat.format(new Date(iso));
}
