import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Bump when the generated tree changes, so old bench data is regenerated. */
const GENERATOR_VERSION = 1;

const WORDS = (
  'review deploy format lint test build release docs api schema data query report chart pdf ' +
  'image audio video translate summarize refactor debug profile migrate backup sync upload ' +
  'download invoice budget calendar email slack github issue ticket kubernetes docker terraform ' +
  'python typescript rust sql postgres redis search index cache metrics logs alerts security audit'
).split(' ');
const TOOLS = ['Read', 'Write', 'Edit', 'Bash(git:*)', 'Bash(npm:*)', 'Grep', 'Glob', 'WebFetch'];

/** Options for {@link generateSkills}. */
export interface GenerateSkillsOptions {
  /** The folder to fill; reused when it already holds the same generation. */
  dir: string;
  count: number;
  seed?: number;
}

/** What {@link generateSkills} produced. */
export interface GeneratedSkills {
  dir: string;
  /** Absolute paths of every SKILL.md. */
  skillFiles: string[];
  /** Total bytes of the SKILL.md files. */
  bytes: number;
}

/** A small deterministic PRNG (mulberry32). */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes `count` realistic skill folders (10% nested in groups, 20% with extra files), deterministically. */
export function generateSkills(options: GenerateSkillsOptions): GeneratedSkills {
  const { dir, count } = options;
  const seed = options.seed ?? 42;
  const markerFile = join(dir, 'generated.json');
  const marker = { version: GENERATOR_VERSION, count, seed };
  if (existsSync(markerFile)) {
    const existing = JSON.parse(readFileSync(markerFile, 'utf8'));
    if (JSON.stringify(existing.marker) === JSON.stringify(marker)) {
      return { dir, skillFiles: existing.skillFiles, bytes: existing.bytes };
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const words = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = (): string => {
    const text = words(6 + Math.floor(random() * 10));
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const skillFiles: string[] = [];
  let bytes = 0;
  for (let index = 0; index < count; index++) {
    const name = `${pick(WORDS)}-${pick(WORDS)}-${index}`;
    const folder = random() < 0.1 ? join(dir, `group-${index % 37}`, name) : join(dir, name);
    let description = `Use when the user asks to ${words(3)}.`;
    const target = 100 + Math.floor(random() * 200);
    while (description.length < target) description += ` ${sentence()}`;
    const lines = ['---', `name: ${name}`, `description: ${JSON.stringify(description)}`];
    if (random() < 0.3) lines.push(`license: ${pick(['MIT', 'Apache-2.0', 'Proprietary'])}`);
    if (random() < 0.25) {
      lines.push('metadata:', `  author: ${pick(WORDS)}-team`, `  version: "1.${index % 10}"`);
    }
    if (random() < 0.2) {
      const tools = new Set(
        Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(TOOLS)),
      );
      lines.push(`allowed-tools: ${[...tools].join(' ')}`);
    }
    if (random() < 0.1) lines.push(`tags: [${words(3).split(' ').join(', ')}]`);
    lines.push('---', '', `# ${name}`, '');
    const bodyTarget = 1024 + Math.floor(random() * 19 * 1024);
    let body = '';
    while (body.length < bodyTarget) {
      body +=
        random() < 0.2 ? `\n## ${sentence()}\n\n` : `${sentence()} ${sentence()} ${sentence()}\n\n`;
    }
    const text = `${lines.join('\n')}\n${body}`;
    mkdirSync(folder, { recursive: true });
    const skillFile = join(folder, 'SKILL.md');
    writeFileSync(skillFile, text);
    skillFiles.push(skillFile);
    bytes += Buffer.byteLength(text);
    if (random() < 0.2) {
      mkdirSync(join(folder, 'scripts'), { recursive: true });
      writeFileSync(join(folder, 'scripts', 'helper.sh'), `#!/bin/sh\necho ${name}\n`);
      mkdirSync(join(folder, 'references'), { recursive: true });
      writeFileSync(join(folder, 'references', 'guide.md'), `# Guide\n\n${sentence()}\n`);
    }
  }
  writeFileSync(markerFile, JSON.stringify({ marker, skillFiles, bytes }));
  return { dir, skillFiles, bytes };
}
