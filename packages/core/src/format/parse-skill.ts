import type { SkillIssue } from '../skill/skill-issue.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';
import { createIssue } from './create-issue.ts';
import { decodeSkillText } from './decode-skill-text.ts';
import { findFrontmatterFences } from './frontmatter-fences.ts';
import { readFrontmatter } from './read-frontmatter.ts';
import {
  type FieldPositions,
  type ReadSkillManifestResult,
  readSkillManifest,
} from './read-skill-manifest.ts';
import { resolveSkillLimits, type SkillLimits } from './skill-limits.ts';
import type { SkillProfile } from './skill-profile.ts';
import { utf8Length } from './utf8-length.ts';

/** Options for {@link parseSkill}. */
export interface ParseSkillOptions {
  /** `strict` = the portable Agent Skills spec; `default` = the extended manifest. */
  profile?: SkillProfile;
  /** The skill's folder name; when given, the name must match it (an error only in `strict`). */
  folderName?: string;
  limits?: Partial<SkillLimits>;
  /** Read the frontmatter with the `yaml` package only, skipping the fast path (for tests). */
  yamlOnly?: boolean;
}

/** A parsed `SKILL.md`: the manifest when name and description were readable, body and issues. */
export interface ParseSkillResult {
  /** True when no issue is an error. */
  valid: boolean;
  manifest?: SkillManifest;
  /** Where each field's key is (line and column of the file); present with the manifest. */
  fieldPositions?: FieldPositions;
  body: string;
  /** 1-based line of the file where the body starts. */
  bodyLine: number;
  issues: SkillIssue[];
}

// Extra characters kept beyond the frontmatter limit when a file is too large to read whole.
const PREFIX_SLACK = 4096;

function finish(
  issues: SkillIssue[],
  body: string,
  bodyLine: number,
  read?: ReadSkillManifestResult,
): ParseSkillResult {
  const valid = !issues.some((issue) => issue.severity === 'error');
  const { manifest, fieldPositions } = read ?? {};
  return manifest === undefined || fieldPositions === undefined
    ? { valid, body, bodyLine, issues }
    : { valid, manifest, fieldPositions, body, bodyLine, issues };
}

function checkFileSize(input: string | Uint8Array, limits: SkillLimits) {
  const max = limits.maxSkillFileBytes;
  const size =
    typeof input === 'string'
      ? input.length * 3 <= max
        ? 0
        : utf8Length(input)
      : input.byteLength;
  if (size <= max) return { input, issues: [] as SkillIssue[], truncated: false };
  const keep = limits.maxFrontmatterBytes + PREFIX_SLACK;
  const issue = createIssue(
    'file_too_large',
    'error',
    `SKILL.md is larger than the limit of ${max} bytes (${size} bytes read); move long material into separate files in the skill folder`,
  );
  return { input: input.slice(0, keep), issues: [issue], truncated: true };
}

function parse(input: string | Uint8Array, options: ParseSkillOptions): ParseSkillResult {
  const limits = resolveSkillLimits(options.limits);
  const profile = options.profile ?? 'default';
  const sized = checkFileSize(input, limits);
  const decoded = decodeSkillText(sized.input, { prefix: sized.truncated });
  const issues = [...sized.issues, ...decoded.issues];
  const text = decoded.text;
  const fences = findFrontmatterFences(text);
  if (fences.kind === 'missing') {
    const blank = /^\s*\n---/.test(text) ? ' (remove the blank lines before it)' : '';
    issues.push(
      createIssue(
        'missing_frontmatter',
        'error',
        `SKILL.md must start with a '---' line on line 1${blank}, then YAML frontmatter with name and description, then a closing '---' line`,
        { line: 1, column: 1 },
      ),
    );
    return finish(issues, sized.truncated ? '' : text, 1);
  }
  if (fences.kind === 'unclosed') {
    issues.push(
      sized.truncated
        ? createIssue(
            'frontmatter_too_large',
            'error',
            `frontmatter is larger than ${limits.maxFrontmatterBytes} bytes; keep it short and move content into the body`,
            { line: 1, column: 1 },
          )
        : createIssue(
            'unclosed_frontmatter',
            'error',
            "frontmatter opened on line 1 is never closed; add a line '---' after the last field",
            { line: 1, column: 1 },
          ),
    );
    return finish(issues, '', 1);
  }
  const { contentStart, contentEnd, closeEnd, closeLine } = fences.fences;
  const body = sized.truncated ? '' : text.slice(closeEnd);
  const bodyLine = closeLine + 1;
  const frontmatter = text.slice(contentStart, contentEnd);
  const maxBytes = limits.maxFrontmatterBytes;
  if (
    frontmatter.length > maxBytes ||
    (frontmatter.length * 3 > maxBytes && utf8Length(frontmatter) > maxBytes)
  ) {
    issues.push(
      createIssue(
        'frontmatter_too_large',
        'error',
        `frontmatter is larger than ${maxBytes} bytes; keep it short and move content into the body`,
        { line: 2, column: 1 },
      ),
    );
    return finish(issues, body, bodyLine);
  }
  const read = readFrontmatter(frontmatter, {
    firstLine: 2,
    repair: profile === 'default',
    ...(options.yamlOnly === true ? { yamlOnly: true } : {}),
  });
  issues.push(...read.issues);
  if (read.root === undefined && read.issues.some((issue) => issue.severity === 'error')) {
    return finish(issues, body, bodyLine);
  }
  const manifestOptions = {
    profile,
    blockLine: 1,
    ...(options.folderName === undefined ? {} : { folderName: options.folderName }),
  };
  const result = readSkillManifest(read.root, manifestOptions);
  issues.push(...result.issues);
  return finish(issues, body, bodyLine, result);
}

/** Parses and validates a `SKILL.md` (text or bytes); never throws, reports every issue found. */
export function parseSkill(
  text: string | Uint8Array,
  options: ParseSkillOptions = {},
): ParseSkillResult {
  try {
    return parse(text, options);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const issue = createIssue(
      'parse_failed',
      'error',
      `SKILL.md could not be parsed (${detail}); please report this as a bug`,
    );
    return { valid: false, body: '', bodyLine: 1, issues: [issue] };
  }
}
