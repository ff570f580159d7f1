import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSkill } from '@skillset/core';
import { agentBin } from './install-agent-clis.ts';
import type { AgentRun } from './run-agent.ts';
import { answerOk, type ModelCall, type ModelScript, type ModelTurn } from './scripted-model.ts';
import { callText, loopCalls } from './skills-shown.ts';

/** The first call of an agent's own loop in a run; throws naming the calls when there is none. */
export function firstLoopCall(run: AgentRun): ModelCall {
  const [first] = loopCalls(run.calls);
  if (first === undefined) {
    throw new Error(
      `no loop call among ${run.calls.map((call) => call.path).join(', ') || 'no calls'} (exit ${run.exitCode}): ${run.stderr.slice(-2000)}`,
    );
  }
  return first;
}

/**
 * A script whose first loop call of a run may answer with a tool call (`activate`), every other
 * call as {@link answerOk}: the model picking a skill, then finishing.
 */
export function createActivationScript(): {
  script: ModelScript;
  /** Before a run: what its first loop call answers (`undefined`: `OK`), and the calls so far. */
  next(activate: ((call: ModelCall) => ModelTurn) | undefined, callsSoFar: number): void;
} {
  let activate: ((call: ModelCall) => ModelTurn) | undefined;
  let start = 0;
  return {
    script: (call, calls) => {
      const loop = loopCalls(calls.slice(start));
      if (activate !== undefined && loop.length === 1 && loop[0] === call) return activate(call);
      return answerOk(call, calls);
    },
    next(value, callsSoFar) {
      activate = value;
      start = callsSoFar;
    },
  };
}

/** A line of a skill's body (not of its description, nor one with a `$` an agent may substitute), folded as {@link callText} folds text. */
export async function bodyLine(skillFile: string): Promise<string> {
  const parsed = parseSkill(await readFile(skillFile, 'utf8'));
  const description = parsed.manifest?.description ?? '';
  const line = parsed.body
    .split('\n')
    .map((each) => each.replace(/\s+/g, ' ').trim())
    .find((each) => each.length >= 30 && !each.includes('$') && !description.includes(each));
  if (line === undefined) throw new Error(`${skillFile} has no body line to look for`);
  return line.slice(0, 60);
}

/** Whether the last model call of a run carries a line of the skill's body: the skill was loaded. */
export async function lastCallCarriesBody(run: AgentRun, skillFile: string): Promise<boolean> {
  const last = run.calls.at(-1);
  return last !== undefined && callText(last).includes(await bodyLine(skillFile));
}

/** PATH with the agent CLIs' folder first (connect runs `codex app-server`; hooks run `skillset`). */
export async function pathWithAgents(): Promise<string> {
  return [path.dirname(await agentBin('codex')), process.env.PATH ?? ''].join(path.delimiter);
}
