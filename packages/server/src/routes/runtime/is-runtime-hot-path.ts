const HOT_PATHS = new Set([
  'GET /api/skills/prompt',
  'GET /api/skills/commands',
  'POST /api/skills/invoke',
]);

/** The read-mostly routes agents call on every turn: they authenticate through the runtime's short-lived cache. */
export function isRuntimeHotPath(method: string, path: string): boolean {
  return HOT_PATHS.has(`${method} ${path}`);
}
