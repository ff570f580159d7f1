import { describe, expect, it } from 'vitest';
import { MAXIMUM_TRIGGER_EVAL_CASES, parseTriggerEvalSet } from './trigger-eval-set.ts';

describe('parseTriggerEvalSet', () => {
  it("reads skill-creator's format into cases", () => {
    const text = JSON.stringify([
      { query: 'write the changelog for 2.1', should_trigger: true },
      { query: 'fix the failing build', should_trigger: false },
    ]);
    expect(parseTriggerEvalSet(text, 'triggers.json')).toEqual({
      ok: true,
      cases: [
        { query: 'write the changelog for 2.1', shouldTrigger: true },
        { query: 'fix the failing build', shouldTrigger: false },
      ],
    });
  });

  it('says where a case is wrong and what the format is', () => {
    const text = JSON.stringify([
      { query: 'ok', should_trigger: true },
      { query: 'ok', should_trigger: 'yes' },
    ]);
    const parsed = parseTriggerEvalSet(text, 'evals/triggers.json');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message).toMatch(/^evals\/triggers\.json\[1\]\.should_trigger: /);
    expect(parsed.message).toContain('[{"query": "…", "should_trigger": true}]');
  });

  it('refuses broken JSON, an object, an empty set, a blank query and too many cases', () => {
    const message = (text: string) => {
      const parsed = parseTriggerEvalSet(text, 'set.json');
      return parsed.ok ? 'accepted' : parsed.message;
    };
    expect(message('[{"query": ')).toMatch(/^set\.json: not valid JSON/);
    expect(message('{"query": "a", "should_trigger": true}')).toMatch(/JSON array/);
    expect(message('[]')).toMatch(/no cases/);
    expect(message('[{"query": "  ", "should_trigger": true}]')).toMatch(
      /\[0\]\.query: the query is empty/,
    );
    const many = Array.from({ length: MAXIMUM_TRIGGER_EVAL_CASES + 1 }, () => ({
      query: 'a',
      should_trigger: true,
    }));
    expect(message(JSON.stringify(many))).toMatch(/more than 500 cases/);
  });
});
