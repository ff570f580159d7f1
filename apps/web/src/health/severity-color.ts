/** The Mantine colour of each severity. */
export const SEVERITY_COLOR = { error: 'red', warning: 'orange', info: 'indigo' } as const;
