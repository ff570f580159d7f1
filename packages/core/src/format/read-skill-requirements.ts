import type { SkillRequirements } from '../skill/skill-manifest.ts';
import { createIssue } from './create-issue.ts';
import {
  type FieldReader,
  readFlag,
  readTextList,
  reportType,
  splitWords,
} from './field-reader.ts';
import type { RawMapping, RawNode } from './raw-node.ts';

const LIST_KEYS: Record<string, keyof Omit<SkillRequirements, 'always' | 'network'>> = {
  bins: 'bins',
  anyBins: 'anyBins',
  'any-bins': 'anyBins',
  any_bins: 'anyBins',
  env: 'env',
  config: 'config',
  os: 'os',
};

/** Creates requirements with nothing required. */
export function createEmptyRequirements(): SkillRequirements {
  return { bins: [], anyBins: [], env: [], config: [], os: [], always: false };
}

function addUnique(target: string[], values: string[]): void {
  for (const value of values) if (!target.includes(value)) target.push(value);
}

/**
 * Reads `bins/anyBins/env/config/os/always` keys of `node` into `target`, and `network` from
 * Skillset's own `requires` (not from the vendors' metadata); other keys are skipped.
 */
function readRequirementKeys(
  reader: FieldReader,
  field: string,
  node: RawMapping,
  target: SkillRequirements,
  fromMetadata: boolean,
): void {
  const severity = fromMetadata ? 'warning' : 'error';
  for (const entry of node.entries) {
    const listKey = Object.hasOwn(LIST_KEYS, entry.key) ? LIST_KEYS[entry.key] : undefined;
    if (listKey !== undefined) {
      const values = readTextList(
        reader,
        `${field}.${entry.key}`,
        entry.value,
        splitWords,
        severity,
      );
      if (values !== undefined) addUnique(target[listKey], values);
    } else if (entry.key === 'always') {
      const always = readFlag(reader, `${field}.always`, entry.value, severity);
      if (always === true) target.always = true;
    } else if (entry.key === 'network' && !fromMetadata) {
      const network = readFlag(reader, `${field}.network`, entry.value, severity);
      if (network === true) target.network = true;
    } else if (!fromMetadata) {
      reader.issues.push(
        createIssue(
          'unknown_field',
          'warning',
          `${field}.${entry.key} at line ${entry.line} is not a known requirement; use bins, anyBins, env, config, os, network or always`,
          { field: `${field}.${entry.key}`, line: entry.line, column: entry.column },
        ),
      );
    }
  }
}

function findEntry(node: RawMapping, key: string): RawNode | undefined {
  return node.entries.find((entry) => entry.key === key)?.value;
}

/**
 * Collects requirements from `requires` and from `metadata.openclaw` / `metadata.clawdbot`
 * (their `requires` plus `os` and `always`), merged; undefined when none is declared.
 */
export function readSkillRequirements(
  reader: FieldReader,
  requires: RawNode | undefined,
  metadata: RawNode | undefined,
): SkillRequirements | undefined {
  const target = createEmptyRequirements();
  let found = false;
  if (requires !== undefined) {
    if (requires.kind === 'mapping') {
      readRequirementKeys(reader, 'requires', requires, target, false);
      found = true;
    } else if (!(requires.kind === 'scalar' && requires.value === '')) {
      reportType(
        reader,
        'requires',
        requires,
        'a mapping of bins, env, config, os, network',
        'error',
      );
    }
  }
  if (metadata?.kind === 'mapping') {
    for (const vendor of ['openclaw', 'clawdbot']) {
      const section = findEntry(metadata, vendor);
      if (section?.kind !== 'mapping') continue;
      const field = `metadata.${vendor}`;
      const nested = findEntry(section, 'requires');
      if (nested?.kind === 'mapping') {
        readRequirementKeys(reader, `${field}.requires`, nested, target, true);
        found = true;
      }
      const own: RawMapping = {
        ...section,
        entries: section.entries.filter((entry) => entry.key === 'os' || entry.key === 'always'),
      };
      if (own.entries.length > 0) {
        readRequirementKeys(reader, field, own, target, true);
        found = true;
      }
    }
  }
  return found ? target : undefined;
}
