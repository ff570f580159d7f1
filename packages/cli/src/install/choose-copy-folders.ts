import { type AgentFolderContext, agentSkillFolders } from '../agents/agent-skill-folders.ts';
import { AGENT_NAMES, type AgentName } from '../agents/agent-table.ts';

/** Options for {@link chooseCopyFolders}. */
export interface ChooseCopyFoldersOptions {
  agents: readonly AgentName[];
  context: AgentFolderContext;
  /** The user's folders instead of the project's. */
  global: boolean;
  /** Skills folders that hold the skill already and keep it: an agent reading one needs no copy. */
  present?: readonly string[];
}

/** Where one skill goes so that each agent reads it once. */
export interface CopyFolders {
  /** The skills folders to write the skill into (absolute), besides those already holding it. */
  write: string[];
  /** Per agent, the skills folder it reads the skill from. */
  readFrom: Map<AgentName, string>;
  /** Agents that still read two copies: only when folders already holding it make it unavoidable. */
  duplicates: AgentName[];
}

/** `[a, b, c]` is better than `[a, b, d]` when `c < d`. */
function isBetter(score: number[], best: number[] | undefined): boolean {
  if (best === undefined) return true;
  for (const [index, value] of score.entries()) {
    const other = best[index] as number;
    if (value !== other) return value < other;
  }
  return false;
}

/**
 * The skills folders one skill is written to for several agents at once: every agent reads it,
 * none reads it twice where that can be avoided, then as few copies as possible, then each agent's
 * own folder (the agent table's install folder) where possible. OpenCode reads `.claude/skills` and
 * `.agents/skills`, so for Claude Code, Codex and OpenCode together the skill goes to
 * `.claude/skills` and `.codex/skills` only (decision 0145).
 */
export function chooseCopyFolders(options: ChooseCopyFoldersOptions): CopyFolders {
  const present = options.present ?? [];
  const agents = AGENT_NAMES.filter((agent) => options.agents.includes(agent));
  const folders = agents.map((agent) => agentSkillFolders(agent, options.context, options.global));
  const candidates = [...new Set(folders.flatMap((each) => each.reads))].filter(
    (folder) => !present.includes(folder),
  );
  let best: { score: number[]; write: string[] } | undefined;
  for (let mask = 0; mask < 2 ** candidates.length; mask += 1) {
    const write = candidates.filter((_, index) => (mask & (2 ** index)) !== 0);
    const holding = new Set([...present, ...write]);
    const copies = folders.map((each) => each.reads.filter((read) => holding.has(read)).length);
    if (copies.some((count) => count === 0)) continue;
    const score = [
      copies.filter((count) => count > 1).length,
      write.length,
      folders.filter((each) => !holding.has(each.install)).length,
    ];
    if (isBetter(score, best?.score)) best = { score, write };
  }
  const write = best?.write ?? [];
  const holding = new Set([...present, ...write]);
  const readFrom = new Map<AgentName, string>();
  const duplicates: AgentName[] = [];
  agents.forEach((agent, index) => {
    const reads = (folders[index] as (typeof folders)[number]).reads.filter((read) =>
      holding.has(read),
    );
    if (reads[0] !== undefined) readFrom.set(agent, reads[0]);
    if (reads.length > 1) duplicates.push(agent);
  });
  return { write, readFrom, duplicates };
}
