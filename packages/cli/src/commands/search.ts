import { principalKindOf, searchSkills, withSkillSpan } from '@skillset/core/lean';
import { buildLocalSearchIndex } from '../build-local-search-index.ts';
import { listAllowedEntries } from '../list-allowed-entries.ts';
import { reportSourceIssues } from '../open-local-registry.ts';
import { openLocalSession } from '../open-local-session.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runSearch}. */
export interface SearchCommandOptions {
  query: string;
  dirs: string[];
  limit: number;
  json?: boolean;
}

const maximumShownDescription = 100;

function roundScore(score: number): number {
  return Math.round(score * 1000) / 1000;
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= maximumShownDescription
    ? line
    : `${line.slice(0, maximumShownDescription - 1).trimEnd()}…`;
}

/** `skillset search QUERY`: the skills the local policy allows, ranked by relevance to the query. */
export async function runSearch(terminal: Terminal, options: SearchCommandOptions) {
  const session = await openLocalSession(terminal, options.dirs);
  const { policy, registry } = session;
  try {
    const sourceFailed = await reportSourceIssues(terminal, registry);
    const { entries, failed: leftOut } = await listAllowedEntries(terminal, {
      gate: session.gate,
      entryPoint: 'search_skills',
      leftOutOf: 'the search',
    });
    const index = await buildLocalSearchIndex(terminal, { registry, entries });
    const hits = await withSkillSpan(
      {
        name: 'skillset.search',
        attributes: { surface: 'catalog', principal: principalKindOf(policy.context.principal) },
        outcomeOf: (found) => ({ outcome: 'ok', attributes: { count: found.length } }),
      },
      async () => searchSkills(options.query, { index, limit: options.limit }),
    );
    const results = hits.map((hit) => ({
      name: hit.name,
      score: roundScore(hit.score),
      description: hit.description,
    }));
    if (options.json) {
      printJson(terminal, { results });
    } else if (results.length === 0) {
      printLine(terminal, `No skill matches '${options.query}'.`);
    } else {
      const nameWidth = Math.max(...results.map((result) => result.name.length));
      const scoreWidth = Math.max(...results.map((result) => result.score.toFixed(2).length));
      const rankWidth = String(results.length).length;
      results.forEach((result, position) => {
        const rank = `${String(position + 1).padStart(rankWidth)}.`;
        const name = paint(terminal, 'stdout', 'bold', result.name.padEnd(nameWidth));
        const score = paint(
          terminal,
          'stdout',
          'dim',
          result.score.toFixed(2).padStart(scoreWidth),
        );
        printLine(terminal, `${rank} ${name}  ${score}  ${shorten(result.description)}`);
      });
    }
    return sourceFailed || leftOut ? 1 : 0;
  } finally {
    await session.close();
  }
}
