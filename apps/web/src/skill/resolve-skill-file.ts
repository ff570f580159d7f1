const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const WHITESPACE = /\s/;

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * The skill file a relative mention names (`references/api.md`, `./scripts/run.py#usage`), or
 * undefined when it is a URL, an anchor, or not one of `files` (paths relative to the skill root).
 */
export function resolveSkillFile(mention: string, files: ReadonlySet<string>): string | undefined {
  const text = mention.trim();
  if (text === '' || WHITESPACE.test(text) || SCHEME.test(text) || text.startsWith('//')) {
    return undefined;
  }
  const withoutSuffix = text.replace(/[?#].*$/, '');
  const decoded = decode(withoutSuffix);
  if (decoded === undefined || decoded === '') return undefined;
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.pop() === undefined) return undefined;
      continue;
    }
    segments.push(segment);
  }
  const path = segments.join('/');
  return files.has(path) ? path : undefined;
}
