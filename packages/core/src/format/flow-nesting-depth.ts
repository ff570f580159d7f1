/** The deepest flow collection nesting (`[`, `{`) YAML frontmatter may have. */
export const MAX_FLOW_NESTING_DEPTH = 64;

/**
 * How deep `[` and `{` nest in YAML text (quotes and comments are not told apart: an
 * overestimate errs on the safe side). The YAML parser recurses per level, so thousands of levels
 * overflow the stack at a depth that depends on the engine's state: they are refused first.
 */
export function flowNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if ((code === 0x5d || code === 0x7d) && depth > 0) {
      depth -= 1;
    }
  }
  return deepest;
}
