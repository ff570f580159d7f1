/** A git source of `skillset add`: the repository to clone, the ref to check out, the folder inside. */
export interface GitSpec {
  /** What git clones (`https://github.com/owner/repo.git` for GitHub forms). */
  url: string;
  /** A branch, tag or commit; the remote's default branch when absent. */
  ref?: string;
  /** A folder inside the repository, `/`-separated, no leading or trailing slash. */
  path?: string;
  /** `owner/repo` for the GitHub forms, so messages can show the short form. */
  github?: string;
}

const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPOSITORY = /^[A-Za-z0-9._-]+$/;

function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, '');
}

/** Whether a ref is safe to hand to git: not empty, no option-like start, no whitespace or `..`. */
export function isSafeGitRef(ref: string): boolean {
  return ref !== '' && !ref.startsWith('-') && !/[\s~^:?*[\\]|\.\./.test(ref);
}

function github(owner: string, repository: string, ref?: string, inner?: string): GitSpec {
  const name = repository.replace(/\.git$/i, '');
  const folder = trimSlashes(inner ?? '');
  return {
    url: `https://github.com/${owner}/${name}.git`,
    github: `${owner}/${name}`,
    ...(ref === undefined ? {} : { ref }),
    ...(folder === '' ? {} : { path: folder }),
  };
}

/**
 * Parses GitHub shorthand, `owner/repo[/path][@ref]` (the ref is what follows the last `@`);
 * undefined when the text cannot be one, such as `./x`, `/x`, `~/x`, `x.zip` or `x/SKILL.md`.
 */
export function parseGitHubShorthand(source: string): GitSpec | undefined {
  if (/^[./~]/.test(source) || /[\\:\s]/.test(source)) return undefined;
  const at = source.lastIndexOf('@');
  const body = at === -1 ? source : source.slice(0, at);
  const ref = at === -1 ? undefined : source.slice(at + 1);
  if (ref !== undefined && !isSafeGitRef(ref)) return undefined;
  if (/\.zip$/i.test(body) || /(^|\/)skill\.md$/i.test(body)) return undefined;
  const [owner, repository, ...rest] = trimSlashes(body).split('/');
  if (owner === undefined || repository === undefined || !OWNER.test(owner)) return undefined;
  if (!REPOSITORY.test(repository) || /^\.+$/.test(repository)) return undefined;
  if (rest.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return undefined;
  }
  return github(owner, repository, ref, rest.join('/'));
}

/**
 * Parses a GitHub tree URL, `https://github.com/owner/repo/tree/<ref>/<path>`: the ref is the
 * first segment after `tree/` (use the shorthand for a branch with a slash in its name).
 */
export function parseGitHubTreeUrl(source: string): GitSpec | undefined {
  const match =
    /^https?:\/\/(?:www\.)?github\.com\/([^/]+)\/([^/]+)\/tree\/([^/?#]+)\/?([^?#]*)/i.exec(source);
  if (match === null) return undefined;
  const [, owner = '', repository = '', encodedRef = '', encodedPath = ''] = match;
  const ref = decodeURIComponent(encodedRef);
  const inner = encodedPath.split('/').map(decodeURIComponent).join('/');
  if (!OWNER.test(owner) || !REPOSITORY.test(repository) || !isSafeGitRef(ref)) return undefined;
  return github(owner, repository, ref, inner);
}
