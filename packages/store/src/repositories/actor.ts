/** Who performed a write, for the audit log. */
export interface Actor {
  kind: 'user' | 'agent' | 'system';
  id: string;
}
