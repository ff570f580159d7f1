import {
  type CatalogFormat,
  type CatalogMode,
  createSkillIndex,
  DEFAULT_CATALOG_BUDGET,
  principalKindOf,
  renderCatalog,
  withSkillSpan,
} from '@skillset/core';
import { loadRankerData } from '@skillset/core/node';
import { listAllowedEntries } from '../list-allowed-entries.ts';
import { loadCatalogSkills } from '../load-catalog-skills.ts';
import { reportSourceIssues } from '../open-local-registry.ts';
import { openLocalSession } from '../open-local-session.ts';
import { printJson, type Terminal } from '../output/terminal.ts';

/** Options for {@link runCatalog}; `mode` is already resolved (ranked needs a query). */
export interface CatalogCommandOptions {
  dirs: string[];
  query?: string;
  budget?: number;
  format: CatalogFormat;
  mode: CatalogMode;
  json?: boolean;
}

/** `skillset catalog`: the catalog text a model would see for the skills the local policy allows. */
export async function runCatalog(terminal: Terminal, options: CatalogCommandOptions) {
  const session = await openLocalSession(terminal, options.dirs);
  const { policy, registry } = session;
  try {
    const sourceFailed = await reportSourceIssues(terminal, registry);
    const { entries, failed: leftOut } = await listAllowedEntries(terminal, {
      gate: session.gate,
      entryPoint: 'catalog',
      leftOutOf: 'the catalog',
    });
    const ranked = options.mode === 'ranked';
    const skills = await loadCatalogSkills({ registry, entries, withBodies: ranked });
    const result = await withSkillSpan(
      {
        name: 'skillset.catalog',
        attributes: { surface: 'catalog', principal: principalKindOf(policy.context.principal) },
        outcomeOf: (rendered) => ({
          outcome: 'ok',
          attributes: { count: rendered.entries.length, omitted: rendered.omitted },
        }),
      },
      async () =>
        renderCatalog({
          skills,
          budget: options.budget ?? DEFAULT_CATALOG_BUDGET,
          format: options.format,
          mode: options.mode,
          ...(options.query === undefined ? {} : { query: options.query }),
          ...(ranked ? { index: createSkillIndex(skills, loadRankerData()) } : {}),
        }),
    );
    if (options.json) {
      printJson(terminal, {
        entries: result.entries,
        omitted: result.omitted,
        tokens: result.tokens,
      });
    } else if (result.text === '') {
      terminal.stderr.write('skillset: the catalog is empty: no skill is allowed on it.\n');
    } else {
      terminal.stdout.write(result.text);
    }
    return sourceFailed || leftOut ? 1 : 0;
  } finally {
    await session.close();
  }
}
