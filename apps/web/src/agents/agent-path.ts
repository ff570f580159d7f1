/** The page of an agent. */
export function agentPath(name: string): string {
  return `/agents/${encodeURIComponent(name)}`;
}
