import type { AgentHook } from './agent-hook.ts';
import { claudeHook } from './claude-hook.ts';
import { renderSuggestionList } from './suggestion-list.ts';

/**
 * Codex's `UserPromptSubmit` hook (Codex 0.169): the same input and answer as Claude Code's —
 * stdin `{session_id, cwd, hook_event_name, prompt, …}`, stdout `{"hookSpecificOutput":
 * {"hookEventName": "UserPromptSubmit", "additionalContext": "…"}}`, which Codex adds as a developer
 * message after the prompt. Codex has no skill tool, so each line names the skill's SKILL.md.
 */
export const codexHook: AgentHook = {
  parseInput: claudeHook.parseInput,
  renderOutput(skills) {
    if (skills.length === 0) return '';
    const additionalContext = renderSuggestionList(
      skills,
      'Skills that may fit this request, most relevant first; when one fits, read its SKILL.md (for example with cat) and follow it before you act:',
      { files: true },
    );
    return `${JSON.stringify({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext },
    })}\n`;
  },
};
