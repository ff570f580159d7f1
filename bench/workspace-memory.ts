/**
 * Memory per instance as workspaces become active (decision 0150): one `skillset serve` process
 * on a store of 1,000 workspaces with 20 skills each, its RSS after 10, 100 and 1,000 workspaces
 * were each asked for a ranked catalog, under the default registry budget and under 32 MiB. On
 * PostgreSQL when `DATABASE_URL` is set, else PGlite. `BENCH_MEMORY_WORKSPACES` scales it down.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@skillset/store';
import pg from 'pg';
import { skillsetBin } from '../test/support/skillset-bin.ts';
import { formatReportTable, type ReportRow } from './report-table.ts';

const WORKSPACES = Number(process.env.BENCH_MEMORY_WORKSPACES ?? 1000);
const SKILLS_PER_WORKSPACE = 20;
const STEPS = [10, 100, 1000].filter((step) => step <= WORKSPACES);
const DEFAULT_BUDGET_MIB = 256;
const BUDGETS_MIB = [DEFAULT_BUDGET_MIB, 32] as const;
const QUERIES = ['deploy the service', 'review a pull request', 'write the release notes'];

const WORDS = (
  'review deploy format lint test build release docs api schema data query report chart pdf ' +
  'image translate summarize refactor debug profile migrate backup sync upload invoice budget ' +
  'calendar email issue ticket kubernetes docker terraform python typescript sql postgres cache'
).split(' ');

function words(seed: number, count: number): string {
  return Array.from({ length: count }, (_, index) => WORDS[(seed * 7 + index * 13) % WORDS.length])
    .join(' ')
    .trim();
}

function skillMd(workspace: number, skill: number): string {
  const seed = workspace * SKILLS_PER_WORKSPACE + skill;
  const body = Array.from({ length: 12 }, (_, line) => `- ${words(seed + line, 14)}.`).join('\n');
  return `---\nname: w${workspace}-skill-${skill}\ndescription: Use when asked to ${words(seed, 18)}.\n---\n\n# Steps\n\n${body}\n`;
}

interface Population {
  env: Record<string, string>;
  tokens: string[];
  drop(): Promise<void>;
}

async function populate(): Promise<Population> {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillset-memory-'));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl !== undefined) {
    const name = `skillset_memory_${randomBytes(5).toString('hex')}`;
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(query).finally(() => client.end());
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const store: Store = await openStore(
    databaseUrl === undefined ? { dataDir, migrate: true } : { databaseUrl, migrate: true },
  );
  const tokens: string[] = [];
  const started = performance.now();
  try {
    for (let workspace = 0; workspace < WORKSPACES; workspace += 1) {
      const created = await store.workspaces.create({ name: `Team ${workspace}` });
      await store.skills.createMany(
        Array.from({ length: SKILLS_PER_WORKSPACE }, (_, skill) => ({
          scope: 'workspace' as const,
          workspaceId: created.id,
          skillMd: skillMd(workspace, skill),
        })),
      );
      const agent = await store.agents.create({ workspaceId: created.id, name: 'bot' });
      const { token } = await store.tokens.create({
        name: 'bot',
        principal: { kind: 'agent', agentId: agent.id, workspaceId: created.id },
      });
      tokens.push(token);
    }
  } finally {
    await store.close();
  }
  console.log(
    `${WORKSPACES} workspaces × ${SKILLS_PER_WORKSPACE} skills on ${databaseUrl === undefined ? 'PGlite' : 'PostgreSQL'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return {
    env: {
      SKILLSET_DATA_DIR: dataDir,
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    },
    tokens,
    async drop() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startServe(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [skillsetBin, 'serve', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Skillset is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`skillset serve exited (${code}):\n${output}`)));
  });
  return { child, url };
}

function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? Number.NaN) / 1024;
}

/** Asks each workspace in [from, to) for a ranked catalog, eight at a time. */
async function activate(url: string, tokens: string[], from: number, to: number) {
  const next = { index: from };
  const worker = async () => {
    while (next.index < to) {
      const index = next.index++;
      const query = encodeURIComponent(QUERIES[index % QUERIES.length] as string);
      const response = await fetch(`${url}/api/skills/prompt?query=${query}`, {
        headers: { Authorization: `Bearer ${tokens[index]}` },
      });
      if (response.status !== 200) throw new Error(`catalog ${index}: ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

export async function run(): Promise<void> {
  const population = await populate();
  const rows: ReportRow[] = [];
  try {
    for (const budget of BUDGETS_MIB) {
      // The default budget runs as users run it: no variable set.
      const { child, url } = await startServe({
        ...population.env,
        ...(budget === DEFAULT_BUDGET_MIB ? {} : { SKILLSET_MEMORY_BUDGET_MB: String(budget) }),
      });
      try {
        const pid = child.pid as number;
        const started = rssMiB(pid);
        rows.push({
          target: `RSS at start (budget ${budget} MiB)`,
          measured: `${started.toFixed(0)} MiB`,
          limit: '',
        });
        let active = 0;
        for (const step of STEPS) {
          await activate(url, population.tokens, active, step);
          active = step;
          const rss = rssMiB(pid);
          rows.push({
            target: `RSS, ${step} workspaces active (budget ${budget} MiB)`,
            measured: `${rss.toFixed(0)} MiB`,
            ratio: `+${(rss - started).toFixed(0)} MiB over start`,
            limit: '',
          });
        }
        // Bounded means a second round over every workspace leaves the process no bigger.
        const first = rssMiB(pid);
        await activate(url, population.tokens, 0, WORKSPACES);
        const second = rssMiB(pid);
        rows.push({
          target: `RSS after a second round over all ${WORKSPACES} (budget ${budget} MiB)`,
          measured: `${second.toFixed(0)} MiB`,
          ratio: `${(second / first).toFixed(2)}× the first round`,
          limit: '≤ 1.10×',
          pass: second / first <= 1.1,
        });
      } finally {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    }
  } finally {
    await population.drop();
  }
  console.log(formatReportTable(rows));
}
