import type { AgentHook } from './agent-hook.ts';
import { renderSuggestionList } from './suggestion-list.ts';

/**
 * Claude Code's `UserPromptSubmit` hook: stdin is `{session_id, transcript_path, cwd,
 * hook_event_name, prompt, …}`; stdout `{"hookSpecificOutput": {"hookEventName":
 * "UserPromptSubmit", "additionalContext": "…"}}` puts the text beside the prompt.
 */
export const claudeHook: AgentHook = {
  parseInput(text) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const reason = (error as Error).message.replace(/\s+/g, ' ').slice(0, 200);
      return { problem: `the hook input is not JSON (${reason})` };
    }
    const input = value as { prompt?: unknown; cwd?: unknown } | null;
    if (typeof input !== 'object' || input === null || typeof input.prompt !== 'string') {
      return { problem: 'the hook input has no "prompt" string' };
    }
    return typeof input.cwd === 'string' && input.cwd !== ''
      ? { prompt: input.prompt, cwd: input.cwd }
      : { prompt: input.prompt };
  },
  renderOutput(skills) {
    if (skills.length === 0) return '';
    const additionalContext = renderSuggestionList(
      skills,
      'Skills that may fit this request, most relevant first; when one fits, load it with the Skill tool before you act:',
    );
    return `${JSON.stringify({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext },
    })}\n`;
  },
};
