import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CatalogSkill,
  createSkillIndex,
  DEFAULT_CATALOG_BUDGET,
  parseSkill,
  type RankerData,
  renderCatalog,
  type SkillIndex,
} from '@skillset/core';
import {
  DEFAULT_DESCRIBED_ENTRIES,
  type InvertedIndexSettings,
  loadSynonyms,
  loadWordVectors,
  type SkillIndexOptions,
} from '@skillset/core/test';
import { loadWordNetSynonyms } from '../scripts/synonyms/load-word-net-synonyms.ts';
import { makeTriggerClauseSet } from './trigger-clause-queries.ts';

/** A benchmark query: the request and every correct skill name. */
export interface SelectionQuery {
  id: string;
  query: string;
  expected: string[];
  difficulty: 'easy' | 'medium' | 'hard';
}

/** Recall@K and MRR over a set of queries. */
export interface SelectionScore {
  count: number;
  recallAt5: number;
  recallAt8: number;
  recallAt10: number;
  recallAt20: number;
  recallAt50: number;
  meanReciprocalRank: number;
}

/**
 * The tuning half of the 40 dev queries (docs/decisions/0144): per difficulty, sorted by id, the
 * 1st, 3rd, 5th… query. Ranker choices are made on these; every other query (the held-out half,
 * or all of another query file) is only reported.
 */
export const TUNING_QUERY_IDS: ReadonlySet<string> = new Set(
  `d010 d020 d022 d024
d002 d004 d007 d011 d018 d026 d029 d032 d035 d037
d001 d008 d014 d017 d028 d034`.split(/\s+/),
);

/** Splits queries into the tuning half and the held-out rest. */
export function splitSelectionQueries(queries: readonly SelectionQuery[]): {
  tuning: SelectionQuery[];
  heldOut: SelectionQuery[];
} {
  return {
    tuning: queries.filter((query) => TUNING_QUERY_IDS.has(query.id)),
    heldOut: queries.filter((query) => !TUNING_QUERY_IDS.has(query.id)),
  };
}

/** Small talk wrapped around the tuning queries: a prompt as people write it to an agent. */
export const TUNING_CHATTER: readonly string[] = [
  'Hi! Quick question before I head out for the day.',
  "I've been stuck on this for a while and would really appreciate a hand.",
  'Thanks in advance, and let me know if you need anything else from me.',
  'Not sure if this is the right place to ask, but here goes.',
];

/** Other small talk, for the held-out queries only: written once, never tuned on. */
export const HELD_OUT_CHATTER: readonly string[] = [
  "Morning! I'm picking this up again after the weekend.",
  'My manager asked me to get this sorted by Friday, so any help is welcome.',
  "Let me know what you think, I'm happy to share more details if that's useful.",
  "Sorry if this is a basic question, I'm still getting used to how things work here.",
];

/** Each query between two sentences of `chatter` (the i-th query: sentence i before, i + 2 after, mod 4). */
export function withChatter(
  queries: readonly SelectionQuery[],
  chatter: readonly string[],
): SelectionQuery[] {
  return queries.map((query, position) => ({
    ...query,
    query: `${chatter[position % chatter.length]} ${query.query} ${chatter[(position + 2) % chatter.length]}`,
  }));
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The shared test data folder (corpus, selection queries); `SKILLSET_SHARED_DIR` overrides it. */
export const sharedDirectory =
  process.env.SKILLSET_SHARED_DIR ?? path.resolve(repositoryRoot, '../shared');
const selectionDirectory = path.join(sharedDirectory, 'selection');
const distractorCount = 9458;
const distractorDirectory = path.join(
  repositoryRoot,
  'bench/.data',
  `distractors-${distractorCount}-1`,
);

function readSkillFile(file: string): CatalogSkill | undefined {
  const { manifest, body } = parseSkill(readFileSync(file));
  if (manifest === undefined) return undefined;
  return { name: manifest.name, description: manifest.description, body };
}

function ensureDistractors(): void {
  if (
    existsSync(distractorDirectory) &&
    readdirSync(distractorDirectory).length === distractorCount
  ) {
    return;
  }
  execFileSync(
    process.execPath,
    [
      path.join(selectionDirectory, 'gen-distractors.mjs'),
      distractorDirectory,
      String(distractorCount),
      '1',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/** The corpus with one skill per name (542 folders hold 539 names): the skill set a team syncs. */
export function uniqueByName(skills: readonly CatalogSkill[]): CatalogSkill[] {
  const seen = new Set<string>();
  return skills.filter((skill) => {
    if (seen.has(skill.name)) return false;
    seen.add(skill.name);
    return true;
  });
}

/** Loads the 542 corpus skills and the 9,458 generated distractors (generating them on first use). */
export function loadSelectionSkills(): { corpus: CatalogSkill[]; distractors: CatalogSkill[] } {
  const manifest = JSON.parse(
    readFileSync(path.join(sharedDirectory, 'corpus/MANIFEST.json'), 'utf8'),
  ) as Array<{ corpus_path: string }>;
  const corpus = manifest
    .map((entry) =>
      readSkillFile(path.join(sharedDirectory, 'corpus', entry.corpus_path, 'SKILL.md')),
    )
    .filter((skill): skill is CatalogSkill => skill !== undefined);
  ensureDistractors();
  const distractors = readdirSync(distractorDirectory)
    .sort()
    .map((folder) => readSkillFile(path.join(distractorDirectory, folder, 'SKILL.md')))
    .filter((skill): skill is CatalogSkill => skill !== undefined);
  return { corpus, distractors };
}

/** Reads a JSON Lines query file (default: the development set). */
export function loadSelectionQueries(
  file = path.join(selectionDirectory, 'dev-queries.jsonl'),
): SelectionQuery[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SelectionQuery);
}

/** Scores ranked name lists: recall@5/20/50 and MRR, as in `shared/selection/baseline.mjs`. */
export function scoreRankings(
  queries: readonly SelectionQuery[],
  rank: (query: string) => readonly string[],
): {
  all: SelectionScore;
  byDifficulty: Record<SelectionQuery['difficulty'], SelectionScore>;
  ranks: Map<string, number | null>;
} {
  const ranks = new Map<string, number | null>();
  for (const query of queries) {
    const list = rank(query.query);
    let first = Number.POSITIVE_INFINITY;
    for (const name of query.expected) {
      const position = list.indexOf(name);
      if (position >= 0 && position + 1 < first) first = position + 1;
    }
    ranks.set(query.id, Number.isFinite(first) ? first : null);
  }
  const summarize = (subset: readonly SelectionQuery[]): SelectionScore => {
    const values = subset.map((query) => ranks.get(query.id) ?? null);
    const within = (k: number) =>
      values.filter((value) => value !== null && value <= k).length / (values.length || 1);
    return {
      count: values.length,
      recallAt5: within(5),
      recallAt8: within(8),
      recallAt10: within(10),
      recallAt20: within(20),
      recallAt50: within(50),
      meanReciprocalRank:
        values.reduce<number>((sum, value) => sum + (value ? 1 / value : 0), 0) /
        (values.length || 1),
    };
  };
  return {
    all: summarize(queries),
    byDifficulty: {
      easy: summarize(queries.filter((query) => query.difficulty === 'easy')),
      medium: summarize(queries.filter((query) => query.difficulty === 'medium')),
      hard: summarize(queries.filter((query) => query.difficulty === 'hard')),
    },
    ranks,
  };
}

const percent = (value: number) => (100 * value).toFixed(1).padStart(5);
/** Formats one result row of the selection table. */
export function formatScoreRow(label: string, score: SelectionScore): string {
  return `| ${label.padEnd(44)} | ${String(score.count).padStart(3)} | ${percent(score.recallAt5)} | ${percent(score.recallAt20)} | ${percent(score.recallAt50)} | ${score.meanReciprocalRank.toFixed(3)} |`;
}

/** Runs the selection benchmark: ranked mode (several ranker configurations) and stable truncation. */
export async function run(): Promise<void> {
  const started = performance.now();
  const { corpus, distractors } = loadSelectionSkills();
  const skills = [...corpus, ...distractors];
  const queries = loadSelectionQueries();
  const loaded = performance.now();
  const synonyms = loadSynonyms();
  const synonymsLoaded = performance.now();
  console.log(
    `selection: ${skills.length} skills (${corpus.length} corpus + ${distractors.length} distractors), ${queries.length} queries; load ${(loaded - started).toFixed(0)} ms, synonyms ${(synonymsLoaded - loaded).toFixed(0)} ms (${synonyms.size} terms)`,
  );
  const vectorsStart = performance.now();
  const wordVectors = loadWordVectors();
  console.log(
    `  word vectors: ${(performance.now() - vectorsStart).toFixed(0)} ms (${wordVectors.rows.size} words)`,
  );
  const synonymsOnly = loadWordNetSynonyms({ relatedWeight: 0 });
  const withoutBody = {
    body: { weight: 0, lengthNormalization: 0.75 },
  } as InvertedIndexSettings['fields'];
  const configurations: Array<[string, SkillIndexOptions]> = [
    ['bm25f name+description (no body)', { index: { fields: withoutBody } }],
    ['bm25f + body', {}],
    ['bm25f + body + WordNet synonyms', { synonyms: synonymsOnly }],
    ['+ WordNet hypernyms/derivations (0011)', { synonyms }],
    ['0011 + pseudo-relevance feedback', { synonyms, feedback: { documents: 8 } }],
    ['+ word vectors (GloVe 100d, 0.2) (0112)', { synonyms, wordVectors, queryWordSmoothing: 0 }],
    ['default: + query words by frequency (0144)', { synonyms, wordVectors }],
  ];
  const header = `| ${'ranker'.padEnd(44)} |   n |  R@5  |  R@20 |  R@50 |  MRR  |\n|${'-'.repeat(46)}|-----|-------|-------|-------|-------|`;
  const rows = [header];
  const difficultyRows = [header];
  const verbose = process.argv.includes('--verbose');
  for (const [label, options] of configurations) {
    const buildStart = performance.now();
    const index = createSkillIndex(skills, options);
    const buildTime = performance.now() - buildStart;
    const queryStart = performance.now();
    const result = scoreRankings(queries, (query) =>
      index.rank(query, { limit: 1000 }).map((entry) => entry.skill.name),
    );
    const queryTime = (performance.now() - queryStart) / queries.length;
    rows.push(formatScoreRow(label, result.all));
    for (const difficulty of ['easy', 'medium', 'hard'] as const) {
      difficultyRows.push(
        formatScoreRow(`${label} / ${difficulty}`, result.byDifficulty[difficulty]),
      );
    }
    console.log(`  ${label}: index ${buildTime.toFixed(0)} ms, ${queryTime.toFixed(2)} ms/query`);
    if (verbose) {
      console.log(
        `    ranks: ${queries.map((query) => `${query.id}(${query.difficulty[0]})=${result.ranks.get(query.id) ?? '-'}`).join(' ')}`,
      );
    }
  }
  const stable = scoreRankings(queries, () => {
    const catalog = renderCatalog({ skills, budget: 2000, format: 'markdown', mode: 'stable' });
    return catalog.entries.map((entry) => entry.name);
  });
  rows.push(formatScoreRow('stable truncation (2,000-token catalog)', stable.all));
  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    difficultyRows.push(
      formatScoreRow(`stable truncation / ${difficulty}`, stable.byDifficulty[difficulty]),
    );
  }
  console.log(`\nRecall@K (%) and MRR, ${skills.length} skills:\n\n${rows.join('\n')}`);
  console.log(`\nBy difficulty:\n\n${difficultyRows.join('\n')}`);
  console.log(
    `\n${heldOutTable(corpus, distractors, queries, { synonyms, wordVectors }, verbose)}`,
  );
  console.log(
    `\n${describedShares(skills, queries, createSkillIndex(skills, { synonyms, wordVectors }))}`,
  );
}

const cell = (score: SelectionScore): string =>
  `${[score.recallAt5, score.recallAt8, score.recallAt10, score.recallAt20].map(percent).join(' ')} ${score.meanReciprocalRank.toFixed(3)}`;

/**
 * Recall@5/8/10/20 and MRR of the ranker before and after decision 0144, at the size a team syncs
 * (the corpus, one skill per name) and at 10,000 skills, on the tuning half, the held-out half,
 * both wrapped in small talk, and the trigger-clause check set.
 */
function heldOutTable(
  corpus: readonly CatalogSkill[],
  distractors: readonly CatalogSkill[],
  queries: readonly SelectionQuery[],
  data: RankerData,
  verbose: boolean,
): string {
  const { tuning, heldOut } = splitSelectionQueries(queries);
  const team = uniqueByName(corpus);
  const check = makeTriggerClauseSet(team, new Set(queries.flatMap((query) => query.expected)));
  const sets: Array<[string, SelectionQuery[]]> = [
    [`tuning (${tuning.length})`, tuning],
    [`held-out (${heldOut.length})`, heldOut],
    ['tuning + small talk', withChatter(tuning, TUNING_CHATTER)],
    ['held-out + small talk', withChatter(heldOut, HELD_OUT_CHATTER)],
  ];
  const rankers: Array<[string, SkillIndexOptions]> = [
    ['before (0112)', { ...data, queryWordSmoothing: 0 }],
    ['default (0144)', data],
  ];
  const columns = [
    ...sets.map(([label]) => label),
    `check: trigger clauses (${check.queries.length})`,
  ];
  const rows = [
    `| ranker | skills | ${columns.join(' | ')} |`,
    `|---|---|${columns.map(() => '---|').join('')}`,
  ];
  const names = (index: SkillIndex) => (query: string) =>
    index.rank(query, { limit: 50 }).map((entry) => entry.skill.name);
  for (const [label, options] of rankers) {
    for (const [size, skills, checkSkills] of [
      [team.length, team, check.skills],
      [
        corpus.length + distractors.length,
        [...corpus, ...distractors],
        [...check.skills, ...distractors],
      ],
    ] as const) {
      const index = createSkillIndex(skills, options);
      const cells = sets.map(([setLabel, set]) => {
        const result = scoreRankings(set, names(index));
        if (verbose) {
          console.log(
            `  ${label}, ${size}, ${setLabel}: ${set.map((query) => `${query.id}=${result.ranks.get(query.id) ?? '-'}`).join(' ')}`,
          );
        }
        return cell(result.all);
      });
      const checkIndex = createSkillIndex(checkSkills, options);
      cells.push(cell(scoreRankings(check.queries, names(checkIndex)).all));
      rows.push(`| ${label} | ${size.toLocaleString('en')} | ${cells.join(' | ')} |`);
    }
  }
  return `Split dev set and check set (docs/decisions/0144): per cell R@5 R@8 R@10 R@20 (%) and MRR:\n\n${rows.join('\n')}`;
}

/**
 * The share of queries whose right skill is in the default (2,000-token, ranked) catalog, and
 * the share where it is there with its description, for several sizes of the described tier.
 */
function describedShares(
  skills: readonly CatalogSkill[],
  queries: readonly SelectionQuery[],
  index: SkillIndex,
): string {
  const { recallAt20 } = scoreRankings(queries, (query) =>
    index.rank(query, { limit: 20 }).map((entry) => entry.skill.name),
  ).all;
  const rows = [
    `| described tier | listed | with description | R@20 | catalog tokens |`,
    `|---|---|---|---|---|`,
  ];
  for (const describedEntries of [0, 3, 5, 8, 12, 16, 20, 30]) {
    let listed = 0;
    let described = 0;
    let tokens = 0;
    for (const query of queries) {
      const catalog = renderCatalog({
        skills,
        mode: 'ranked',
        query: query.query,
        index,
        describedEntries,
      });
      const entry = catalog.entries.find((each) => query.expected.includes(each.name));
      if (entry !== undefined) listed += 1;
      if (entry?.description !== undefined) described += 1;
      tokens += catalog.tokens;
    }
    const marker = describedEntries === DEFAULT_DESCRIBED_ENTRIES ? ' (default)' : '';
    rows.push(
      `| ${describedEntries}${marker} | ${percent(listed / queries.length)} | ${percent(described / queries.length)} | ${percent(recallAt20)} | ${(tokens / queries.length).toFixed(0)} |`,
    );
  }
  return `Right skill in the default ${DEFAULT_CATALOG_BUDGET}-token ranked catalog (%), by size of the described tier:\n\n${rows.join('\n')}`;
}

if (import.meta.main) await run();
