/** The message for a server that did not answer: the network's reason and what to check. */
export function describeUnreachable(base: string, error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `Cannot reach ${base} (${cause?.code ?? cause?.message ?? (error as Error).message}); is the server running, and is --server its address?`;
}
