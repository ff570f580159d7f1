import type { AgentHook } from './agent-hook.ts';
import { claudeHook } from './claude-hook.ts';
import { renderSuggestionList } from './suggestion-list.ts';

/**
 * OpenCode, through the plugin connect writes (`.opencode/plugins/skillset.js`): stdin
 * `{hook_event_name, session_id, cwd, prompt}` from its `chat.message` hook; stdout
 * `{"additionalContext": "…"}`, which the plugin adds beside the prompt; OpenCode's `skill` tool
 * loads a suggested skill.
 */
export const opencodeHook: AgentHook = {
  parseInput: claudeHook.parseInput,
  renderOutput(skills) {
    if (skills.length === 0) return '';
    const additionalContext = renderSuggestionList(
      skills,
      'Skills that may fit this request, most relevant first; when one fits, load it with the skill tool before you act:',
    );
    return `${JSON.stringify({ additionalContext })}\n`;
  },
};
