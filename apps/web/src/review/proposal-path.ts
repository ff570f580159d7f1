/** The review page of one proposed (or rejected, or published) revision of a workspace skill. */
export function proposalPath(revision: { name: string; version: number }): string {
  return `/proposals/${encodeURIComponent(revision.name)}/${revision.version}`;
}
