import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createManifest, createSkillIndex, renderCatalog } from '@skillset/core';
import { activate, loadSynonyms, parseInvocation } from '@skillset/core/test';
import { formatReportTable, type ReportRow } from './report-table.ts';
import { loadSelectionQueries, loadSelectionSkills } from './selection.ts';

// Collects the garbage of loading and indexing so that it does not land inside a measured render.
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

function formatTimes(label: string, samples: readonly number[]): string {
  return `| ${label.padEnd(52)} | ${percentile(samples, 0.5).toFixed(3).padStart(8)} | ${percentile(samples, 0.99).toFixed(3).padStart(8)} |`;
}

// A small deterministic generator so every run measures the same new queries.
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function measureCatalog(rows: string[], verdicts: ReportRow[]): Promise<void> {
  const { corpus, distractors } = loadSelectionSkills();
  const skills = [...corpus, ...distractors];
  const buildStart = performance.now();
  const index = createSkillIndex(skills, { synonyms: loadSynonyms() });
  const buildTime = performance.now() - buildStart;
  const random = createRandom(7);
  const words = skills
    .slice(0, 2000)
    .flatMap((skill) => skill.description.split(/\s+/))
    .filter((word) => word.length > 3);
  const devQueries = loadSelectionQueries().map((query) => query.query);
  const newQuery = (round: number): string => {
    const base = devQueries[round % devQueries.length] ?? '';
    const extra = Array.from({ length: 3 }, () => words[Math.floor(random() * words.length)]);
    return `${base} ${extra.join(' ')} #${round}`;
  };
  // Warm-up: token counts of every entry are measured once per skill set and format.
  for (const format of ['markdown', 'xml'] as const) {
    const warmStart = performance.now();
    renderCatalog({ skills, budget: 2000, format, mode: 'ranked', query: 'warm up', index });
    console.log(
      `  first ${format} render (measures entry tokens): ${(performance.now() - warmStart).toFixed(0)} ms`,
    );
    for (let round = 0; round < 50; round++) {
      renderCatalog({
        skills,
        budget: 2000,
        format,
        mode: 'ranked',
        query: newQuery(round),
        index,
      });
    }
  }
  console.log(`  index over ${skills.length} skills built in ${buildTime.toFixed(0)} ms`);
  collectGarbage();
  const cases = [
    ['ranked markdown, 2,000 tokens', { format: 'markdown', budget: 2000 }],
    ['ranked xml, 2,000 tokens', { format: 'xml', budget: 2000 }],
    [
      'ranked markdown, 2,000 tokens, 50 entries max',
      { format: 'markdown', budget: 2000, maximumEntries: 50 },
    ],
    ['ranked markdown, 8,000 tokens', { format: 'markdown', budget: 8000 }],
  ] as const;
  const ranked: Array<{ label: string; samples: number[] }> = [];
  for (const [label, settings] of cases) {
    const samples: number[] = [];
    for (let round = 0; round < 1000; round++) {
      const query = newQuery(round + 1000);
      const start = performance.now();
      renderCatalog({ skills, mode: 'ranked', query, index, ...settings });
      samples.push(performance.now() - start);
    }
    rows.push(formatTimes(`renderCatalog ${label} (10,000 skills)`, samples));
    ranked.push({ label, samples });
  }
  const stableSamples: number[] = [];
  for (let round = 0; round < 200; round++) {
    const start = performance.now();
    renderCatalog({ skills, budget: 2000, mode: 'stable' });
    stableSamples.push(performance.now() - start);
  }
  rows.push(formatTimes('renderCatalog stable markdown, 2,000 tokens', stableSamples));
  // The stable render does almost nothing per call: its p99 shows what the machine's load adds.
  const noise = percentile(stableSamples, 0.99);
  for (const { label, samples } of ranked) {
    const p99 = percentile(samples, 0.99);
    verdicts.push({
      target: `catalog p99, ${label}, 10,000 skills`,
      measured: `${p99.toFixed(2)} ms (p50 ${percentile(samples, 0.5).toFixed(2)})`,
      ratio: `stable-render p99 ${noise.toFixed(2)} ms`,
      limit: '≤ 5 ms',
      pass: p99 <= 5,
    });
  }
}

async function measureInvocation(rows: string[]): Promise<void> {
  const paragraph =
    'Review the $target module for $ARGUMENTS and report findings with {{severity}} labels. Costs $5 stay as typed. ';
  let body = '# Review\n\n';
  while (body.length < 20 * 1024) body += `${paragraph}\n\n`;
  const skill = {
    manifest: createManifest({
      name: 'code-review',
      description: 'Review code.',
      arguments: [
        { name: 'target', type: 'string', required: true },
        { name: 'severity', type: 'string', required: false, default: 'major' },
      ],
    }),
    body,
    dir: '/skills/code-review',
    files: ['SKILL.md', 'checklist.md'],
  };
  const isKnown = (name: string) => name === 'code-review';
  const samples: number[] = [];
  for (let round = 0; round < 2000; round++) {
    const start = performance.now();
    const parsed = parseInvocation({
      message: `/code-review src/catalog --severity minor focus on budgets ${round}`,
      isKnown,
    });
    const result = await activate({ skill, arguments: parsed.argumentString });
    samples.push(performance.now() - start);
    if (!result.success) throw new Error(`activation failed: ${result.error.message}`);
  }
  rows.push(
    formatTimes(
      `parseInvocation + activate (${(body.length / 1024).toFixed(0)} KB body)`,
      samples.slice(200),
    ),
  );
}

/** Runs the catalog benchmark: p50/p99 of ranked catalog rendering over 10,000 skills and of invocation. */
export async function run(): Promise<void> {
  const rows = [
    `| ${'operation'.padEnd(52)} | p50 (ms) | p99 (ms) |`,
    `|${'-'.repeat(54)}|----------|----------|`,
  ];
  const verdicts: ReportRow[] = [];
  await measureCatalog(rows, verdicts);
  await measureInvocation(rows);
  console.log(`\ncatalog (target: ranked p99 ≤ 5 ms):\n\n${rows.join('\n')}`);
  console.log(`\n${formatReportTable(verdicts)}`);
}

if (import.meta.main) await run();
