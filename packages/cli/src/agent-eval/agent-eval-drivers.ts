import path from 'node:path';
import type { AgentName } from '../agents/agent-table.ts';

/** How `skillset eval --agent` runs one agent headless and reads what it activated. */
export interface AgentEvalDriver {
  /** The binary's name on PATH. */
  bin: string;
  /** The arguments of one headless run of `prompt`; `scratch` is a folder outside the project. */
  args: (prompt: string, scratch: string) => string[];
  /** Environment added to the user's for the run. */
  env: Record<string, string>;
  /** Files to write in `scratch` before the runs, by name. */
  scratchFiles?: Record<string, string>;
  /** The project files and folders it reads besides its skill folders, copied for the run. */
  projectFiles: string[];
  /** The skill one event of its JSON output shows it activating, if any. */
  activation: (event: unknown) => string | undefined;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The skill whose `SKILL.md` a path or command names: `…/<skill>/SKILL.md`. */
export function skillOfSkillFile(value: unknown): string | undefined {
  const found = /(?:^|[\s'"/=:])([a-z0-9][a-z0-9._-]*)\/SKILL\.md(?![\w.-])/i.exec(
    text(value) ?? '',
  );
  return found?.[1];
}

/** Claude Code `--output-format stream-json`: an assistant `tool_use` of `Skill`, or a `Read` of a `SKILL.md`. */
function claudeActivation(event: unknown): string | undefined {
  if (!isObject(event) || event.type !== 'assistant' || !isObject(event.message)) return undefined;
  const content = Array.isArray(event.message.content) ? event.message.content : [];
  for (const block of content) {
    if (!isObject(block) || block.type !== 'tool_use' || !isObject(block.input)) continue;
    if (block.name === 'Skill') return text(block.input.skill) ?? '';
    if (block.name === 'Read') {
      const skill = skillOfSkillFile(block.input.file_path);
      if (skill !== undefined) return skill;
    }
  }
  return undefined;
}

/** Codex `exec --json`: a `command_execution` that reads a `SKILL.md` (Codex has no skill tool). */
function codexActivation(event: unknown): string | undefined {
  if (!isObject(event) || event.type !== 'item.started' || !isObject(event.item)) return undefined;
  if (event.item.type !== 'command_execution') return undefined;
  return skillOfSkillFile(event.item.command);
}

/** OpenCode `run --format json`: a `tool_use` of `skill`, or a `read` of a `SKILL.md`. */
function opencodeActivation(event: unknown): string | undefined {
  if (!isObject(event) || event.type !== 'tool_use' || !isObject(event.part)) return undefined;
  const { tool, state } = event.part;
  const input = isObject(state) && isObject(state.input) ? state.input : {};
  if (tool === 'skill') return text(input.name) ?? '';
  if (tool === 'read') return skillOfSkillFile(input.filePath);
  return undefined;
}

/** Gemini CLI `--output-format stream-json`: a `tool_use` of `activate_skill`, or a `read_file` of a `SKILL.md`. */
function geminiActivation(event: unknown): string | undefined {
  if (!isObject(event) || event.type !== 'tool_use' || !isObject(event.parameters))
    return undefined;
  if (event.tool_name === 'activate_skill') return text(event.parameters.name) ?? '';
  if (event.tool_name === 'read_file') return skillOfSkillFile(event.parameters.file_path);
  return undefined;
}

/** Gemini CLI runs headless without the tools that ask first; this lets `activate_skill` run, as a person would. */
const GEMINI_POLICY = `[[rule]]
toolName = "activate_skill"
decision = "allow"
priority = 900
`;

/**
 * The four agents, each run headless and read-only where it has a switch for it, writing no session
 * where it has a switch for that (decision 0145).
 */
export const AGENT_EVAL_DRIVERS: Record<AgentName, AgentEvalDriver> = {
  claude: {
    bin: 'claude',
    args: (prompt) => [
      '-p',
      prompt,
      '--output-format',
      'stream-json',
      '--verbose',
      '--no-session-persistence',
    ],
    env: {},
    projectFiles: ['.claude', 'CLAUDE.md'],
    activation: claudeActivation,
  },
  codex: {
    bin: 'codex',
    args: (prompt) => [
      'exec',
      '--json',
      '--ephemeral',
      '--skip-git-repo-check',
      '--sandbox',
      'read-only',
      prompt,
    ],
    env: {},
    projectFiles: ['.codex', 'AGENTS.md'],
    activation: codexActivation,
  },
  opencode: {
    bin: 'opencode',
    args: (prompt) => ['run', '--format', 'json', prompt],
    env: { OPENCODE_PERMISSION: JSON.stringify({ edit: 'deny', bash: 'deny' }) },
    projectFiles: ['.opencode', 'opencode.json', 'opencode.jsonc', 'AGENTS.md'],
    activation: opencodeActivation,
  },
  gemini: {
    bin: 'gemini',
    args: (prompt, scratch) => [
      '-p',
      prompt,
      '--output-format',
      'stream-json',
      '--skip-trust',
      '--policy',
      path.join(scratch, 'skillset-eval-policy.toml'),
    ],
    env: {},
    scratchFiles: { 'skillset-eval-policy.toml': GEMINI_POLICY },
    projectFiles: ['.gemini', 'GEMINI.md'],
    activation: geminiActivation,
  },
};
