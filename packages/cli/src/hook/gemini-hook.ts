import type { AgentHook } from './agent-hook.ts';
import { claudeHook } from './claude-hook.ts';
import { renderSuggestionList } from './suggestion-list.ts';

/**
 * The prompt without the files Gemini CLI read into it for `@path` references (`@latest` in
 * "pinned to @latest" becomes a file of the workspace), so the skills are ranked on the user's words.
 */
function withoutReferencedFiles(prompt: string): string {
  return prompt.replace(
    /\n?--- Content from referenced files ---[\s\S]*?--- End of content ---/g,
    '',
  );
}

/**
 * Gemini CLI's `BeforeAgent` hook (Gemini CLI 0.61): stdin `{session_id, transcript_path, cwd,
 * hook_event_name, timestamp, prompt}`; stdout `{"hookSpecificOutput": {"hookEventName":
 * "BeforeAgent", "additionalContext": "…"}}`, which Gemini appends to the prompt as
 * `<hook_context>`. Connect turns Gemini's own skill listing off and adds Skillset's MCP server,
 * whose `use_skill` loads a suggested skill.
 */
export const geminiHook: AgentHook = {
  parseInput(text) {
    const input = claudeHook.parseInput(text);
    return 'prompt' in input ? { ...input, prompt: withoutReferencedFiles(input.prompt) } : input;
  },
  renderOutput(skills) {
    if (skills.length === 0) return '';
    const additionalContext = renderSuggestionList(
      skills,
      "Skills that may fit this request, most relevant first; when one fits, load it with Skillset's use_skill tool before you act:",
    );
    return `${JSON.stringify({
      hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext },
    })}\n`;
  },
};
