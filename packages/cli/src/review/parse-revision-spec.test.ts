import { describe, expect, it } from 'vitest';
import { parseRevisionSpec } from './parse-revision-spec.ts';

describe('parseRevisionSpec', () => {
  it('reads a name alone, and a name with a version (v optional)', () => {
    expect(parseRevisionSpec('deploy')).toEqual({ name: 'deploy' });
    expect(parseRevisionSpec('deploy@6')).toEqual({ name: 'deploy', version: 6 });
    expect(parseRevisionSpec('deploy@v12')).toEqual({ name: 'deploy', version: 12 });
  });

  it('says what is wrong with a malformed revision', () => {
    expect(parseRevisionSpec('deploy@')).toBe(
      "'deploy@' is not NAME or NAME@VERSION (e.g. deploy or deploy@6).",
    );
    expect(parseRevisionSpec('deploy@latest')).toBe(
      "'deploy@latest' is not NAME or NAME@VERSION (e.g. deploy or deploy@6).",
    );
    expect(parseRevisionSpec('deploy@0')).toBe("'deploy@0' names version 0; versions start at 1.");
  });
});
