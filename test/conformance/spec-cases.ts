import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPath } from '../support/shared-dir.ts';

/** One file of a case: text, base64 bytes, or (for a path ending in `/`) an empty folder. */
export type SpecCaseFile = { text: string } | { base64: string } | { dir: true };

/** One Agent Skills conformance case from `shared/conformance/spec-cases.json`. */
export interface SpecCase {
  id: string;
  files: Record<string, SpecCaseFile>;
  /** The path to validate, relative to `cwd` (or to the case root). */
  target: string;
  /** The folder to run from, relative to the case root. */
  cwd?: string;
  reference: { valid: boolean; errors: string[] };
  expected: { valid: boolean; divergence?: string };
}

/** What a validator under test reports; at least the verdict. */
export interface SpecCaseVerdict {
  valid: boolean;
}

/** Validates `target` as seen from `cwd` (an absolute folder) through one surface (core, CLI, API…). */
export type SpecCaseValidator = (
  target: string,
  cwd: string,
  specCase: SpecCase,
) => Promise<SpecCaseVerdict>;

/** Loads every conformance case. */
export function loadSpecCases(): SpecCase[] {
  const file = sharedPath('conformance', 'spec-cases.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { cases: SpecCase[] }).cases;
}

/** Writes a case's files under `root`; returns the absolute folder to run from. */
export async function materializeSpecCase(specCase: SpecCase, root: string): Promise<string> {
  await mkdir(root, { recursive: true });
  for (const [relative, file] of Object.entries(specCase.files)) {
    const target = path.join(root, relative);
    if ('dir' in file) {
      await mkdir(target, { recursive: true });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    const content = 'text' in file ? file.text : Buffer.from(file.base64, 'base64');
    await writeFile(target, content);
  }
  return path.join(root, specCase.cwd ?? '.');
}

/** Registers one vitest test per conformance case, asserting `validate` gives `expected.valid`. */
export function forEachSpecCase(
  validate: SpecCaseValidator,
  label = 'Agent Skills conformance',
): void {
  describe(label, () => {
    let root = '';
    beforeAll(async () => {
      root = await mkdtemp(path.join(os.tmpdir(), 'skillset-spec-'));
    });
    afterAll(async () => {
      if (root !== '') await rm(root, { recursive: true, force: true });
    });
    for (const specCase of loadSpecCases()) {
      const verdict = specCase.expected.valid ? 'valid' : 'invalid';
      it(`${specCase.id} is ${verdict}`, async () => {
        const cwd = await materializeSpecCase(specCase, path.join(root, specCase.id));
        const result = await validate(specCase.target, cwd, specCase);
        expect(result.valid, JSON.stringify(result)).toBe(specCase.expected.valid);
      });
    }
  });
}
