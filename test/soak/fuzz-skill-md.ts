import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSkill } from '@skillset/core';
import { type ActivatableSkill, activate } from '@skillset/core/test';
import fc from 'fast-check';
import { sharedPath } from '../support/shared-dir.ts';

/** Options for {@link fuzzSkillMd}. */
export interface FuzzSkillMdOptions {
  runs: number;
  seed: number;
  /** A case slower than this (after two confirming reruns) is a failure. */
  maxMs?: number;
}

/** What a fuzz run found: counts, timings and the first failure, if any. */
export interface FuzzSkillMdResult {
  runs: number;
  seed: number;
  /** Slowest case's CPU time, best of three (milliseconds of this thread). */
  maxMs: number;
  p99Ms: number;
  /** Wall-clock time of the first measurement (includes waiting for a core). */
  wallMaxMs: number;
  wallP99Ms: number;
  /** Cases whose manifest reached activation. */
  activated: number;
  failure?: string;
}

/** YAML and Markdown features hostile to a parser, inserted into real files. */
const HOSTILE_SNIPPETS = [
  'anchor: &a [x, y]\nalias: *a\n',
  'a: &a ["l","o","l"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n',
  'base: &base {name: x}\nmerged:\n  <<: *base\n',
  'tagged: !!python/object/apply:os.system ["echo pwned"]\n',
  'fn: !!js/function "function () { return 1 }"\n',
  'str: !<tag:yaml.org,2002:str> 1\n',
  'custom: !unknown {a: 1}\n',
  `deep: ${'['.repeat(1000)}${']'.repeat(1000)}\n`,
  `deepmap: ${'{a: '.repeat(500)}1${'}'.repeat(500)}\n`,
  `${'  '.repeat(200)}indented: yes\n`,
  `huge: ${'x'.repeat(200_000)}\n`,
  `description: "${'\\u0041'.repeat(20_000)}"\n`,
  '__proto__: {polluted: true}\n',
  '__proto__:\n  polluted: true\n',
  'constructor: {prototype: {polluted: true}}\n',
  'prototype: {polluted: true}\n',
  'metadata:\n  __proto__: {polluted: true}\n  constructor: {prototype: {polluted: true}}\n',
  'metadata: {__proto__: {isAdmin: true}, toString: 1, hasOwnProperty: 2}\n',
  'arguments:\n  - name: __proto__\n    type: string\n  - name: constructor\n    type: number\n',
  'arguments: [{name: x, enum: [1, 2], default: 3}, {name: x}]\n',
  'references: [self, self, missing, __proto__]\n',
  'requires: {bins: [__proto__], env: {a: b}}\n',
  'allowed-tools: [Bash(rm -rf /), "*", null, 1]\n',
  'name: ../../etc/passwd\n',
  'context: fork\nagent: __proto__\n',
  '? [complex, key]\n: value\n',
  '%YAML 1.1\n---\n',
  '...\n---\nsecond: document\n',
  'null: ~\ntrue: yes\n0o7: 0x1F\n.inf: -.NaN\n',
  'date: 2001-12-14t21:59:43.10-05:00\n',
  'binary: !!binary R0lGODlhDAAMAIQAAP//9/X17unp5WZmZgAAAOfn515eXvPz7Y6OjuDg4J+fn5\n',
  'set: !!set {a, b}\nomap: !!omap [a: 1]\n',
  '\t\ttab: indented\n',
  '"unterminated: \n',
  '\ufeff\u0000\u202e\ud800\n',
  '\r\n\r\n---\r\n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: skill bodies use ${VAR} placeholders literally
  '{{dryRun}} ${SKILL_DIR} $ARGUMENTS $1 $0 ${SESSION_ID} $__proto__ {{constructor}}\n',
];

const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Throws when a prototype gained a property or a parsed object has an unexpected prototype. */
function checkPrototypes(value: unknown, where: string, depth = 0): void {
  for (const name of Object.getOwnPropertyNames(Object.prototype)) {
    if (!PROTOTYPE_KEYS.has(name)) throw new Error(`Object.prototype gained "${name}" (${where})`);
  }
  if (({} as Record<string, unknown>).polluted !== undefined) {
    throw new Error(`Object.prototype.polluted is set (${where})`);
  }
  if (value === null || typeof value !== 'object' || depth > 50) return;
  const prototype = Object.getPrototypeOf(value);
  const expected = Array.isArray(value) ? Array.prototype : Object.prototype;
  if (prototype !== expected && prototype !== null) {
    throw new Error(`an object at ${where} has a foreign prototype`);
  }
  for (const key of Object.keys(value)) {
    checkPrototypes((value as Record<string, unknown>)[key], `${where}.${key}`, depth + 1);
  }
}

let corpusCache: Uint8Array[] | undefined;

/** Every `SKILL.md` of the shared corpus, as bytes. */
export function corpusSkillFiles(): Uint8Array[] {
  if (corpusCache !== undefined) return corpusCache;
  const manifest = JSON.parse(readFileSync(sharedPath('corpus', 'MANIFEST.json'), 'utf8')) as {
    corpus_path: string;
  }[];
  corpusCache = manifest.map(
    (entry) =>
      new Uint8Array(readFileSync(path.join(sharedPath('corpus'), entry.corpus_path, 'SKILL.md'))),
  );
  return corpusCache;
}

type Mutation =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; snippet: number; inFrontmatter: boolean }
  | { kind: 'duplicate'; from: number; length: number; at: number };

const encoder = new TextEncoder();

/** `bytes` with `piece` inserted at `position`. */
function spliceBytes(bytes: Uint8Array, position: number, piece: Uint8Array): Uint8Array {
  const result = new Uint8Array(bytes.length + piece.length);
  result.set(bytes.subarray(0, position), 0);
  result.set(piece, position);
  result.set(bytes.subarray(position), position + piece.length);
  return result;
}

function mutate(source: Uint8Array, mutations: readonly Mutation[]): Uint8Array {
  let bytes = source;
  for (const mutation of mutations) {
    const at =
      bytes.length === 0 ? 0 : mutation.kind === 'duplicate' ? 0 : mutation.at % (bytes.length + 1);
    if (mutation.kind === 'flip' && bytes.length > 0) {
      bytes = bytes.slice();
      const index = at % bytes.length;
      bytes[index] = (bytes[index] as number) ^ (1 << mutation.bit);
    } else if (mutation.kind === 'truncate') {
      bytes = bytes.slice(0, at);
    } else if (mutation.kind === 'insert') {
      const snippet = encoder.encode(HOSTILE_SNIPPETS[mutation.snippet] as string);
      // Inside the frontmatter: right after the opening fence's line, where YAML is read.
      const position = mutation.inFrontmatter ? Math.min(4, bytes.length) : at;
      bytes = spliceBytes(bytes, position, snippet);
    } else if (mutation.kind === 'duplicate' && bytes.length > 0) {
      const from = mutation.from % bytes.length;
      const piece = bytes.subarray(from, from + mutation.length);
      const position = mutation.at % (bytes.length + 1);
      bytes = spliceBytes(bytes, position, piece);
    }
  }
  return bytes;
}

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.nat(),
    bit: fc.integer({ min: 0, max: 7 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    snippet: fc.nat({ max: HOSTILE_SNIPPETS.length - 1 }),
    inFrontmatter: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('duplicate' as const),
    from: fc.nat(),
    length: fc.integer({ min: 1, max: 4096 }),
    at: fc.nat(),
  }),
);

const yamlish = fc.string({
  unit: fc.constantFrom(
    ...'ab-:# \n\t\'"[]{}&*!|>%@?,\\\r'.split(''),
    '---',
    '\n---\n',
    'name: x\n',
    'description: d\n',
    '__proto__',
    'constructor',
    '\ufeff',
    'é',
  ),
  maxLength: 200,
});

/** One fuzz input: a mutated corpus file, or generated frontmatter, as text or bytes. */
function inputArbitrary(files: readonly Uint8Array[]) {
  const mutated = fc
    .tuple(
      fc.nat({ max: files.length - 1 }),
      fc.array(mutationArbitrary, { minLength: 1, maxLength: 4 }),
    )
    .map(([file, mutations]) => mutate(files[file] as Uint8Array, mutations));
  const generated = fc
    .tuple(yamlish, fc.array(fc.constantFrom(...HOSTILE_SNIPPETS), { maxLength: 3 }), fc.string())
    .map(([inner, snippets, body]) =>
      encoder.encode(`---\n${snippets.join('')}${inner}\n---\n${body}`),
    );
  return fc.tuple(
    fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 1, arbitrary: generated }),
    fc.boolean(),
    fc.oneof(fc.constant(''), fc.string({ maxLength: 40 }), yamlish),
  );
}

/** Parses (both profiles), validates and activates one input; throws on an escaped defect. */
async function exercise(
  bytes: Uint8Array,
  asText: boolean,
  argumentText: string,
): Promise<boolean> {
  const input = asText ? new TextDecoder().decode(bytes) : bytes;
  let activated = false;
  for (const profile of ['default', 'strict'] as const) {
    const parsed = parseSkill(input, { profile, folderName: 'fuzzed' });
    const bug = parsed.issues.find((issue) => issue.code === 'parse_failed');
    if (bug !== undefined) throw new Error(`parseSkill caught a defect: ${bug.message}`);
    if (parsed.valid !== !parsed.issues.some((issue) => issue.severity === 'error')) {
      throw new Error('valid disagrees with the issues');
    }
    checkPrototypes(parsed.manifest, 'manifest');
    checkPrototypes(parsed.issues, 'issues');
    if (parsed.manifest === undefined) continue;
    const skill: ActivatableSkill = {
      manifest: parsed.manifest,
      body: parsed.body,
      dir: '/skills/x',
      files: ['SKILL.md'],
    };
    const result = await activate({
      skill,
      arguments: argumentText,
      sessionId: 'fuzz',
      // Every reference resolves to the skill itself: cycles must end.
      getSkill: () => skill,
    });
    if (typeof result.success !== 'boolean') throw new Error('activate returned no result');
    checkPrototypes(result, 'activation');
    activated = true;
  }
  return activated;
}

/** Runs the fuzz campaign; a defect (exception, slow case, touched prototype) ends it with a failure. */
export async function fuzzSkillMd(options: FuzzSkillMdOptions): Promise<FuzzSkillMdResult> {
  const maxMs = options.maxMs ?? 50;
  const files = corpusSkillFiles();
  const timings: number[] = [];
  const wallTimings: number[] = [];
  let activated = 0;
  const details = await fc.check(
    fc.asyncProperty(inputArbitrary(files), async ([bytes, asText, argumentText]) => {
      let best = Number.POSITIVE_INFINITY;
      // The limit is on this thread's CPU time, not the wall clock: on a shared machine the
      // thread waits for a core. A slow case is measured up to three times (a GC pause is not
      // a defect); the wall time is reported too.
      for (let attempt = 0; attempt < 3 && best > maxMs; attempt += 1) {
        const wallStart = performance.now();
        const cpuStart = process.threadCpuUsage();
        const reached = await exercise(bytes, asText, argumentText);
        const cpu = process.threadCpuUsage(cpuStart);
        best = Math.min(best, (cpu.user + cpu.system) / 1000);
        if (attempt === 0) {
          wallTimings.push(performance.now() - wallStart);
          if (reached) activated += 1;
        }
      }
      timings.push(best);
      if (best > maxMs) {
        const head = JSON.stringify(new TextDecoder().decode(bytes.subarray(0, 300)));
        throw new Error(
          `a case took ${best.toFixed(1)} ms (limit ${maxMs} ms): ${bytes.length} bytes, ${asText ? 'text' : 'bytes'}, arguments ${JSON.stringify(argumentText)}, starting ${head}`,
        );
      }
    }),
    { numRuns: options.runs, seed: options.seed, endOnFailure: true },
  );
  const sorted = timings.slice().sort((a, b) => a - b);
  const wallSorted = wallTimings.slice().sort((a, b) => a - b);
  const result: FuzzSkillMdResult = {
    runs: timings.length,
    seed: options.seed,
    maxMs: sorted.at(-1) ?? 0,
    p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    wallMaxMs: wallSorted.at(-1) ?? 0,
    wallP99Ms: wallSorted[Math.floor(wallSorted.length * 0.99)] ?? 0,
    activated,
  };
  if (details.failed) {
    const error =
      details.errorInstance instanceof Error
        ? details.errorInstance.message
        : String(details.errorInstance);
    result.failure = `${error} (seed ${details.seed}, path ${details.counterexamplePath})`;
  }
  return result;
}
