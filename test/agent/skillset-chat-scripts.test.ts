import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkSandbox, createTempDir, type TempDir } from '@skillset/core/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliProject, createCliProject } from '../cli/create-cli-project.ts';
import {
  type CompletionReply,
  type CompletionRequest,
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { spawnSkillset } from '../support/run-skillset.ts';
import { sharedPath } from '../support/shared-dir.ts';

/**
 * A real corpus skill whose instructions run `scripts/format_bibtex.py` on a BibTeX file. The
 * corpus keeps each SKILL.md but not its programs (corpus README), so the test puts a small
 * standard-library format_bibtex.py next to the corpus SKILL.md, in a temporary project.
 */
const CORPUS_SKILL = sharedPath(
  'corpus/k-dense-claude-scientific-skills/scientific-skills/citation-management/SKILL.md',
);

/** Deduplicates and sorts BibTeX entries (`-` reads standard input), or validates them. */
const FORMAT_BIBTEX_PY = `
import argparse, re, sys

parser = argparse.ArgumentParser()
parser.add_argument('input')
parser.add_argument('--output')
parser.add_argument('--deduplicate', action='store_true')
parser.add_argument('--sort', choices=['key', 'year'])
parser.add_argument('--descending', action='store_true')
parser.add_argument('--validate', action='store_true')
parser.add_argument('--report')
options = parser.parse_args()

text = sys.stdin.read() if options.input == '-' else open(options.input).read()
entries = [chunk.strip() for chunk in re.split(r'(?m)^(?=@)', text) if chunk.strip()]

def key(entry):
    return re.match(r'@\\w+\\{([^,]+),', entry).group(1).strip()

def field(entry, name):
    found = re.search(name + r'\\s*=\\s*[{"]([^}"]*)[}"]', entry)
    return found.group(1) if found else ''

if options.deduplicate:
    seen, unique = set(), []
    for entry in entries:
        if key(entry) not in seen:
            seen.add(key(entry))
            unique.append(entry)
    print('removed', len(entries) - len(unique), 'duplicates')
    entries = unique
if options.sort:
    entries.sort(key=lambda entry: key(entry) if options.sort == 'key' else field(entry, 'year'),
                 reverse=options.descending)
if options.validate:
    lines = [key(entry) + (': ok' if field(entry, 'year') else ': missing year') for entry in entries]
    open(options.report, 'w').write('\\n'.join(lines) + '\\n')
    print('validated', len(entries), 'entries')
if options.output:
    open(options.output, 'w').write('\\n\\n'.join(entries) + '\\n')
    print('wrote', len(entries), 'entries to', options.output)
`;

const BIB = `@article{jumper2021,
  title = {Highly accurate protein structure prediction with AlphaFold},
  year = {2021}
}
@article{doudna2014,
  title = {The new frontier of genome engineering with CRISPR-Cas9},
  year = {2014}
}
@article{jumper2021,
  title = {Highly accurate protein structure prediction with AlphaFold},
  year = {2021}
}
@misc{preprint,
  title = {An undated preprint}
}
`;

const SKILL = 'citation-management';
const sandbox = await checkSandbox();
const corpusPresent = existsSync(CORPUS_SKILL);
const skipReason = !sandbox.available
  ? ` (skipped: ${sandbox.reason})`
  : corpusPresent
    ? ''
    : ` (skipped: the corpus is not at ${CORPUS_SKILL})`;

let cache: TempDir;
let tmp: TempDir;
let endpoint: OpenAiCompatibleServer | undefined;

async function project(policy?: unknown): Promise<CliProject> {
  return createCliProject({
    skills: [
      {
        name: SKILL,
        text: await readFile(CORPUS_SKILL, 'utf8'),
        files: { 'scripts/format_bibtex.py': FORMAT_BIBTEX_PY },
      },
    ],
    cacheDir: cache.path,
    ...(policy === undefined ? {} : { policy }),
  });
}

async function chat(
  cli: CliProject,
  script: Array<CompletionReply | ((request: CompletionRequest) => CompletionReply)>,
  message: string,
) {
  endpoint = await startOpenAiCompatibleServer(script);
  return spawnSkillset(['chat', '-p', message], {
    cwd: cli.project,
    env: {
      ...cli.env,
      TMPDIR: tmp.path,
      SKILLSET_MODEL: 'openai-compatible:test-model',
      OPENAI_BASE_URL: endpoint.baseUrl,
    },
  });
}

const useSkill: CompletionReply = {
  toolCalls: [{ name: 'use_skill', arguments: { skill: SKILL } }],
};
const runScript = (args: string[], stdin?: string): CompletionReply => ({
  toolCalls: [
    {
      name: 'run_skill_script',
      arguments: {
        skill: SKILL,
        script: 'scripts/format_bibtex.py',
        args,
        ...(stdin === undefined ? {} : { stdin }),
      },
    },
  ],
});

/** The text of the last tool result the model received in a request. */
function toolResults(request: CompletionRequest | undefined): string {
  const results = (request?.messages ?? []).filter((message) => message.role === 'tool');
  return String(results.at(-1)?.content ?? '');
}

beforeAll(async () => {
  cache = await createTempDir();
  tmp = await createTempDir();
});
afterAll(async () => {
  await cache[Symbol.asyncDispose]();
  await tmp[Symbol.asyncDispose]();
});
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

describe.skipIf(!sandbox.available || !corpusPresent)(
  `skillset chat runs skill scripts${skipReason}`,
  () => {
    it("runs a corpus skill's script on a file in the scratch folder and reads the result", async () => {
      await using cli = await project({
        rules: [{ skill: SKILL, surface: 'run', action: 'allow' }],
      });
      const run = await chat(
        cli,
        [
          useSkill,
          runScript(
            ['-', '--deduplicate', '--sort', 'year', '--descending', '--output', 'refs.bib'],
            BIB,
          ),
          runScript(['refs.bib', '--validate', '--report', 'report.txt']),
          {
            toolCalls: [
              { name: 'read_scratch_file', arguments: { skill: SKILL, path: 'report.txt' } },
            ],
          },
          (request) => ({
            text: toolResults(request).includes('preprint: missing year')
              ? 'One entry has no year.'
              : 'The report was not read.',
          }),
        ],
        'Clean up my references and check them',
      );
      expect(run.stderr).toContain(`skillset: ● skill ${SKILL} activated by the model`);
      expect(run).toMatchObject({ exitCode: 0, stdout: 'One entry has no year.\n' });
      const requests = endpoint?.requests ?? [];
      expect(requests[0]?.tools?.map((tool) => tool.function.name)).not.toContain(
        'run_skill_script',
      );
      expect(requests[1]?.tools?.map((tool) => tool.function.name)).toContain('run_skill_script');
      expect(toolResults(requests[2])).toContain(
        'scripts/format_bibtex.py of skill citation-management exited with code 0',
      );
      expect(toolResults(requests[2])).toContain('removed 1 duplicates');
      expect(toolResults(requests[2])).toContain('- refs.bib (');
      expect(toolResults(requests[3])).toContain('validated 3 entries');
      expect(toolResults(requests[4])).toBe(
        'jumper2021: ok\ndoudna2014: ok\npreprint: missing year\n',
      );
      // One line per run on stderr: the skill, the script and how it ended; never its output.
      const lines = run.stderr.split('\n').filter((line) => line.includes('script scripts/'));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        /^skillset: script scripts\/format_bibtex\.py of skill citation-management: exit code 0 in \d+ ms$/,
      );
      expect(run.stderr).not.toContain('removed 1 duplicates');
      // The session's scratch folder is gone once the chat ends.
      expect(
        (await readdir(tmp.path)).filter((name) => name.startsWith('skillset-scratch-')),
      ).toEqual([]);
    });

    it('asks in the interactive chat before each run, and runs only what is approved', async () => {
      await using cli = await project();
      const dedupe = ['-', '--deduplicate', '--output', 'refs.bib'];
      endpoint = await startOpenAiCompatibleServer([
        useSkill,
        runScript(dedupe, BIB),
        (request) => ({ text: `First: ${toolResults(request).split('\n')[2]}` }),
        runScript(dedupe, BIB),
        (request) => ({ text: `Second: ${toolResults(request)}` }),
      ]);
      const run = await spawnSkillset(['chat'], {
        cwd: cli.project,
        env: {
          ...cli.env,
          TMPDIR: tmp.path,
          SKILLSET_MODEL: 'openai-compatible:test-model',
          OPENAI_BASE_URL: endpoint.baseUrl,
        },
        input: 'Clean up my references\ny\nAgain, please\nn\n',
      });
      expect(run.exitCode).toBe(0);
      const question =
        'Run scripts/format_bibtex.py ["-","--deduplicate","--output","refs.bib"] of skill citation-management in the sandbox? [y/N/a]';
      expect(run.stdout.split(question)).toHaveLength(3);
      expect(run.stdout).toContain('First: removed 1 duplicates');
      expect(run.stdout).toContain(
        'Second: Error: A person declined running scripts/format_bibtex.py of skill',
      );
      expect(run.stderr).toContain('did not run (approval_denied)');
    });

    it('does not ask again for a script allowed always, until one byte of it changes', async () => {
      await using cli = await project();
      const dedupe = ['-', '--deduplicate', '--output', 'refs.bib'];
      const interactive = async (input: string, script: CompletionReply[]) => {
        await endpoint?.close();
        endpoint = await startOpenAiCompatibleServer(script);
        return spawnSkillset(['chat'], {
          cwd: cli.project,
          env: {
            ...cli.env,
            TMPDIR: tmp.path,
            SKILLSET_MODEL: 'openai-compatible:test-model',
            OPENAI_BASE_URL: endpoint.baseUrl,
          },
          input,
        });
      };
      const question =
        'Run scripts/format_bibtex.py ["-","--deduplicate","--output","refs.bib"] of skill citation-management in the sandbox? [y/N/a]';
      const first = await interactive('Clean up my references\na\nAgain, please\n', [
        useSkill,
        runScript(dedupe, BIB),
        { text: 'First done.' },
        runScript(dedupe, BIB),
        { text: 'Second done.' },
      ]);
      expect(first.exitCode).toBe(0);
      expect(first.stdout.split(question)).toHaveLength(2);
      expect(
        first.stderr.match(
          /script scripts\/format_bibtex\.py of skill citation-management: exit code 0/g,
        ),
      ).toHaveLength(2);

      const script = path.join(cli.project, '.agents/skills', SKILL, 'scripts/format_bibtex.py');
      await writeFile(script, `${await readFile(script, 'utf8')}#`);
      const second = await interactive('Clean up my references\nn\n', [
        useSkill,
        runScript(dedupe, BIB),
        { text: 'Declined.' },
      ]);
      expect(second.stdout).toContain(
        `Skill ${SKILL} changed since you approved it always, so that approval no longer holds. ${question}`,
      );
      expect(second.stderr).toContain('did not run (approval_denied)');
    });

    it('refuses to run without an allow rule, since no one can approve in -p mode', async () => {
      await using cli = await project();
      const run = await chat(
        cli,
        [
          useSkill,
          runScript(['-', '--output', 'refs.bib'], BIB),
          (request) => ({
            text: toolResults(request).includes("needs a person's approval")
              ? 'Needs approval.'
              : 'Ran.',
          }),
        ],
        'Clean up my references',
      );
      expect(run).toMatchObject({ exitCode: 0, stdout: 'Needs approval.\n' });
      expect(run.stderr).toContain(
        'skillset: script scripts/format_bibtex.py of skill citation-management did not run (approval_required)',
      );
    });
  },
);
