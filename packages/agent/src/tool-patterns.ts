/** The tool name an `allowed-tools` / `disallowed-tools` entry names: `Bash(git:*)` → `bash`. */
function toolNameOf(pattern: string): string {
  const open = pattern.indexOf('(');
  return (open === -1 ? pattern : pattern.slice(0, open)).trim().toLowerCase();
}

/** Whether a tool is named by any of the entries, case-insensitively. */
export function matchesToolPatterns(tool: string, patterns: readonly string[]): boolean {
  const name = tool.toLowerCase();
  return patterns.some((pattern) => toolNameOf(pattern) === name);
}
