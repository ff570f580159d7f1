import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, type SkillTreeEntry, type TempDir } from '@skillset/core/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompletionRequest,
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { runSkillset, spawnSkillset } from '../support/run-skillset.ts';
import { type CliProject, createCliProject } from './create-cli-project.ts';

const releaseNotesEvals = [
  { query: 'write the changelog for version 2.1', should_trigger: true },
  { query: 'draft release notes from the merged pull requests', should_trigger: true },
  { query: 'what shipped this sprint, for the announcement', should_trigger: true },
  { query: 'write a commit message for my staged changes', should_trigger: false },
];

const skills: SkillTreeEntry[] = [
  {
    name: 'release-notes',
    description: 'Write release notes and changelogs from the merged pull requests.',
    files: { 'evals/triggers.json': JSON.stringify(releaseNotesEvals) },
  },
  {
    name: 'commit-message',
    description: 'Write a commit message for the staged changes.',
    files: {
      'evals/triggers.json': JSON.stringify([
        { query: 'commit message please', should_trigger: true },
      ]),
    },
  },
  { name: 'pdf-forms', description: 'Fill in PDF forms with the values the user gives.' },
  {
    name: 'broken-evals',
    description: 'A skill whose eval set is not valid.',
    files: { 'evals/triggers.json': '[{"query": "x", "should_trigger": "yes"}]' },
  },
  { name: 'secret', description: 'A skill the local policy denies.' },
];

let cache: TempDir;
let project: CliProject;
let endpoint: OpenAiCompatibleServer | undefined;

beforeAll(async () => {
  cache = await createTempDir();
  project = await createCliProject({
    skills,
    cacheDir: cache.path,
    policy: { rules: [{ skill: 'secret', action: 'deny' }] },
  });
});
afterAll(async () => {
  await project[Symbol.asyncDispose]();
  await cache[Symbol.asyncDispose]();
});
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

const evaluate = (args: string[], env: Record<string, string> = {}) =>
  runSkillset(['eval', ...args], { cwd: project.project, env: { ...project.env, ...env } });

describe('skillset eval (offline)', () => {
  it("prints a table per skill: each case's verdict and rank, then recall and precision", async () => {
    const run = await evaluate(['release-notes']);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'release-notes (offline: ranked search, top 3 of 5 skills, within half the best score)',
    );
    expect(lines[1]).toMatch(/^ {2}result {2}expect {3}rank {2}query$/);
    expect(lines[2]).toMatch(/^ {2}pass {4}trigger {5}1 {2}write the changelog for version 2\.1$/);
    expect(lines[4]).toMatch(/^ {2}FAIL {4}trigger {5}- {2}what shipped this sprint/);
    expect(lines[5]).toMatch(/^ {2}pass {4}skip {8}\d {2}write a commit message/);
    expect(lines.at(-1)).toBe('  recall 0.67 · precision 1.00 · 3 of 4 cases pass');
  });

  it('prints JSON with every case, and exits 1 below --min-recall', async () => {
    const run = await evaluate(['release-notes', '--json', '--min-recall', '0.8']);
    expect(run.exitCode).toBe(1);
    const { reports, belowThreshold } = JSON.parse(run.stdout);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      skill: 'release-notes',
      mode: 'offline',
      top: 3,
      skillCount: 5,
      precision: 1,
      passed: 3,
      failed: 1,
    });
    expect(reports[0].recall).toBeCloseTo(2 / 3);
    expect(reports[0].cases[0]).toMatchObject({
      query: 'write the changelog for version 2.1',
      shouldTrigger: true,
      rank: 1,
      triggered: true,
      passed: true,
    });
    expect(belowThreshold).toEqual(['release-notes: recall 0.67 is below 0.8']);
    const table = await evaluate(['release-notes', '--min-recall', '0.8', '--min-precision', '1']);
    expect(table.exitCode).toBe(1);
    expect(table.stdout).toContain('  below threshold: release-notes: recall 0.67 is below 0.8');
    expect((await evaluate(['release-notes', '--min-recall', '0.6'])).exitCode).toBe(0);
  });

  it('writes JUnit XML: a suite per skill, a failing case per failed query and missed threshold', async () => {
    const file = path.join(project.project, 'eval-results.xml');
    const run = await evaluate([
      'release-notes',
      'commit-message',
      '--junit',
      'eval-results.xml',
      '--min-precision',
      '1',
      '--min-recall',
      '0.9',
    ]);
    expect(run.exitCode).toBe(1);
    const xml = await readFile(file, 'utf8');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="skillset eval" tests="6" failures="2">/,
    );
    expect(xml).toContain('<testsuite name="release-notes" tests="5" failures="2">');
    expect(xml).toContain('<testsuite name="commit-message" tests="1" failures="0">');
    expect(xml).toContain(
      '<testcase classname="release-notes" name="should trigger: what shipped this sprint, for the announcement"><failure message="triggered in 0 of 1 runs"/></testcase>',
    );
    expect(xml).toContain(
      '<testcase classname="release-notes" name="thresholds"><failure message="release-notes: recall 0.67 is below 0.9"/></testcase>',
    );
    expect(xml.match(/<testcase /g)).toHaveLength(6);
  });

  it('evaluates every skill that has an eval set when none is named, and stops on a broken set', async () => {
    const run = await evaluate([]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'skillset: broken-evals/evals/triggers.json[0].should_trigger: should_trigger must be true or false. Expected a JSON array like [{"query": "…", "should_trigger": true}].\n',
    );
    const named = await evaluate(['release-notes', 'commit-message']);
    expect(named.exitCode).toBe(0);
    expect(named.stdout).toContain('release-notes (offline');
    expect(named.stdout).toContain('commit-message (offline');
  });

  it('reads --eval-set FILE for one skill, and says what is wrong with bad input', async () => {
    await writeFile(
      path.join(project.project, 'pdf-evals.json'),
      JSON.stringify([
        { query: 'fill in this pdf form with my address', should_trigger: true },
        { query: 'write release notes', should_trigger: false },
      ]),
    );
    const run = await evaluate(['pdf-forms', '--eval-set', 'pdf-evals.json', '--json']);
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout).reports[0]).toMatchObject({ recall: 1, passed: 2 });

    const message = async (args: string[]) => {
      const failed = await evaluate(args);
      expect(failed.exitCode).toBe(1);
      expect(failed.stdout).toBe('');
      return failed.stderr;
    };
    expect(await message(['pdf-forms'])).toBe(
      'skillset: Skill \'pdf-forms\' has no evals/triggers.json; write one (a JSON array of {"query", "should_trigger"}) or pass --eval-set FILE.\n',
    );
    expect(await message(['pdf-forms', '--eval-set', 'missing.json'])).toBe(
      'skillset: missing.json: there is no such file.\n',
    );
    expect(await message(['pdf-forms', 'release-notes', '--eval-set', 'pdf-evals.json'])).toMatch(
      /--eval-set takes one skill/,
    );
    expect(await message(['secret'])).toBe(
      "skillset: There is no skill 'secret' that a model may find here; run skillset list to see the skills.\n",
    );
    expect(await message(['no-such-skill'])).toMatch(/There is no skill 'no-such-skill'/);
    const badShare = await evaluate(['release-notes', '--min-recall', '1.5']);
    expect(badShare.exitCode).not.toBe(0);
    expect(badShare.stderr).toContain("expected a number from 0 to 1, got '1.5'");
  });
});

/** A scripted model that loads release-notes for changelog-ish requests and answers the rest. */
function replyTo(request: CompletionRequest) {
  const user = JSON.stringify(request.messages.findLast((message) => message.role === 'user'));
  if (/changelog|release notes/i.test(user))
    return { toolCalls: [{ name: 'use_skill', arguments: { skill: 'release-notes' } }] };
  if (/commit/i.test(user))
    return { toolCalls: [{ name: 'use_skill', arguments: { skill: 'commit-message' } }] };
  return { text: 'Here is an answer without a skill.' };
}

describe('skillset eval --model', () => {
  it('asks the model with the whole catalog, per run, and reports trigger rates and pass@k', async () => {
    endpoint = await startOpenAiCompatibleServer(Array(8).fill(replyTo));
    const run = await spawnSkillset(
      ['eval', 'release-notes', '--model', 'openai-compatible:test-model', '--runs', '2'],
      { cwd: project.project, env: { ...project.env, OPENAI_BASE_URL: endpoint.baseUrl } },
    );
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(endpoint.requests).toHaveLength(8);
    const catalog = JSON.stringify(endpoint.requests[0]?.messages[0]);
    expect(catalog).toContain('commit-message');
    expect(catalog).toContain('pdf-forms');
    expect(catalog).not.toContain('secret');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'release-notes (openai-compatible:test-model, 2 runs per query, 5 skills)',
    );
    expect(lines[1]).toMatch(/^ {2}result {2}expect {3}runs {2}query$/);
    expect(lines[2]).toMatch(/^ {2}pass {4}trigger {3}2\/2 {2}write the changelog/);
    expect(lines[4]).toMatch(/^ {2}FAIL {4}trigger {3}0\/2 {2}what shipped this sprint/);
    expect(lines[5]).toMatch(
      /^ {2}pass {4}skip {6}0\/2 {2}write a commit message .*\(chose: commit-message\)$/,
    );
    expect(lines.at(-1)).toBe(
      '  recall 0.67 · precision 1.00 · pass@2 0.75 · pass^2 0.75 · 3 of 4 cases pass',
    );
  });

  it('stops with exit 1 and the reason when the model cannot be reached', async () => {
    const run = await evaluate(['release-notes', '--model', 'openai-compatible:test-model'], {
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^skillset: the eval stopped: /);
  });
});

describe('skillset eval --agent: what goes wrong', () => {
  it('says when the agent is missing, is given with --model, or exits with an error', async () => {
    const missing = await evaluate(['release-notes', '--agent', 'codex'], { PATH: '' });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toBe(
      'skillset: Codex is not installed here: there is no codex on PATH; install it or pass --agent-bin PATH.\n',
    );
    const both = await evaluate(['release-notes', '--agent', 'codex', '--model', 'openai:x']);
    expect(both.exitCode).toBe(1);
    expect(both.stderr).toContain('pass --agent or --model, not both');
    const wrong = await evaluate(['release-notes', '--agent', 'claude', '--agent-bin', './nope']);
    expect(wrong.stderr).toBe(
      "skillset: --agent-bin ./nope: there is no such executable; pass the path of Claude Code's binary.\n",
    );

    // An agent that fails (no model configured, a refused key) stops the eval with its own words,
    // and its runs leave nothing in the project.
    const fake = path.join(cache.path, 'failing-agent');
    await writeFile(fake, '#!/bin/sh\necho "Invalid API key" >&2\nexit 3\n', { mode: 0o755 });
    const before = await readdir(project.project, { recursive: true });
    const failed = await spawnSkillset(
      ['eval', 'release-notes', '--agent', 'opencode', '--agent-bin', fake, '--runs', '1'],
      { cwd: project.project, env: project.env },
    );
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toBe(
      'skillset: the eval stopped: OpenCode (failing-agent) exited with 3 before activating a skill:\nInvalid API key\n',
    );
    expect(await readdir(project.project, { recursive: true })).toEqual(before);
  });

  it('stops an agent that never answers (a model it cannot reach) after --agent-timeout', async () => {
    const hanging = path.join(cache.path, 'hanging-agent');
    await writeFile(
      hanging,
      '#!/bin/sh\necho "stream disconnected, retrying" >&2\nexec sleep 600\n',
      {
        mode: 0o755,
      },
    );
    const stopped = await spawnSkillset(
      ['eval', 'release-notes', '--agent', 'codex', '--agent-bin', hanging].concat([
        '--runs',
        '1',
        '--agent-timeout',
        '1',
      ]),
      { cwd: project.project, env: project.env },
    );
    expect(stopped.exitCode).toBe(1);
    expect(stopped.stderr).toMatch(
      /^skillset: the eval stopped: Codex \(hanging-agent\) did not finish ".+" within 1 s; check the model it is configured with, or raise --agent-timeout:\nstream disconnected, retrying\n$/,
    );
  });
});
