import type { AgentEvent } from '@skillset/agent';
import { paint, type Terminal } from '../output/terminal.ts';

function summarize(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  const line = text.replace(/\s+/g, ' ');
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** The line that shows a skill activating. */
export function describeActivation(event: Extract<AgentEvent, { type: 'activation' }>): string {
  const how = event.kind === 'fork' ? 'ran as a sub-agent' : 'activated';
  const state = event.alreadyActive ? 'already active' : how;
  return `● skill ${event.skill} ${state}${event.by === 'model' ? ' by the model' : ''}`;
}

/**
 * Prints one event of an interactive turn: the answer streams to stdout, activations and tool
 * calls appear as dim lines, errors go to stderr.
 */
export function printAgentEvent(
  terminal: Terminal,
  event: AgentEvent,
  state: { midLine: boolean },
) {
  const line = (text: string) => {
    if (state.midLine) terminal.stdout.write('\n');
    state.midLine = false;
    terminal.stdout.write(`${paint(terminal, 'stdout', 'dim', text)}\n`);
  };
  switch (event.type) {
    case 'text-delta':
      terminal.stdout.write(event.text);
      state.midLine = !event.text.endsWith('\n');
      return;
    case 'activation':
      line(describeActivation(event));
      return;
    case 'notice':
      line(`note: ${event.message}`);
      return;
    case 'tool-call':
      line(`→ ${event.toolName} ${summarize(event.input)}`);
      return;
    case 'tool-result':
      if (event.isError) line(`✗ ${event.toolName}: ${summarize(event.output)}`);
      return;
    case 'finish':
      if (state.midLine) terminal.stdout.write('\n');
      state.midLine = false;
      return;
    case 'error':
      if (state.midLine) terminal.stdout.write('\n');
      state.midLine = false;
      terminal.stderr.write(`skillset: ${event.message}\n`);
  }
}
