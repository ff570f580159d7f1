import { describe, expect, it } from 'vitest';
import { agentHook } from './agent-hooks.ts';

const SKILLS = [
  {
    name: 'tax-summary',
    description: 'Summarise a tax return\ninto five lines.',
    file: '/p/.agents/skills/tax-summary/SKILL.md',
  },
  { name: 'moon-phase', description: 'Tell the phase of the moon.' },
];

describe('the hook answers of Codex, Gemini CLI and OpenCode', () => {
  it('gives Codex the SKILL.md of each skill in a UserPromptSubmit answer', () => {
    const answer = JSON.parse(agentHook('codex')?.renderOutput(SKILLS) ?? '');
    expect(answer).toEqual({
      hookSpecificOutput: {
        hookEventName: 'UserPromptSubmit',
        additionalContext: expect.any(String),
      },
    });
    expect(answer.hookSpecificOutput.additionalContext).toMatchInlineSnapshot(`
      "Skills that may fit this request, most relevant first; when one fits, read its SKILL.md (for example with cat) and follow it before you act:
      - tax-summary: Summarise a tax return into five lines. (file: /p/.agents/skills/tax-summary/SKILL.md)
      - moon-phase: Tell the phase of the moon."
    `);
  });

  it('points Gemini CLI at use_skill in a BeforeAgent answer', () => {
    const answer = JSON.parse(agentHook('gemini')?.renderOutput(SKILLS) ?? '');
    expect(answer.hookSpecificOutput.hookEventName).toBe('BeforeAgent');
    expect(answer.hookSpecificOutput.additionalContext).toMatchInlineSnapshot(`
      "Skills that may fit this request, most relevant first; when one fits, load it with Skillset's use_skill tool before you act:
      - tax-summary: Summarise a tax return into five lines.
      - moon-phase: Tell the phase of the moon."
    `);
  });

  it("ranks Gemini CLI's prompt without the files it read in for @ references", () => {
    const prompt = [
      'Check our .mcp.json for servers pinned to @.gemini/skills/react/rules/use-latest.md.',
      '--- Content from referenced files ---',
      'Content from @latest:',
      '## useEffectEvent for Stable Callback Refs',
      '--- End of content ---',
    ].join('\n');
    expect(agentHook('gemini')?.parseInput(JSON.stringify({ prompt, cwd: '/p' }))).toEqual({
      prompt:
        'Check our .mcp.json for servers pinned to @.gemini/skills/react/rules/use-latest.md.',
      cwd: '/p',
    });
  });

  it("answers OpenCode's plugin with the bare context, pointing at the skill tool", () => {
    const answer = JSON.parse(agentHook('opencode')?.renderOutput(SKILLS) ?? '');
    expect(Object.keys(answer)).toEqual(['additionalContext']);
    expect(answer.additionalContext).toContain('load it with the skill tool');
  });

  it('answers nothing for no skills and reads the prompt and folder of every input', () => {
    for (const agent of ['codex', 'gemini', 'opencode'] as const) {
      const hook = agentHook(agent);
      expect(hook?.renderOutput([])).toBe('');
      expect(hook?.parseInput('{"prompt":"taxes","cwd":"/p","hook_event_name":"x"}')).toEqual({
        prompt: 'taxes',
        cwd: '/p',
      });
      expect(hook?.parseInput('[]')).toEqual({ problem: 'the hook input has no "prompt" string' });
    }
  });
});
