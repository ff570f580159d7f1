import { describe, expect, it } from 'vitest';
import { parseTryRevision, tryRevisionPath } from './try-revision.ts';

describe('parseTryRevision', () => {
  it('reads a skill name and a version', () => {
    expect(parseTryRevision('deploy@5')).toEqual({ skill: 'deploy', version: 5 });
  });

  it('answers nothing for an absent, versionless or zero version', () => {
    expect(parseTryRevision(null)).toBeUndefined();
    expect(parseTryRevision('deploy')).toBeUndefined();
    expect(parseTryRevision('deploy@')).toBeUndefined();
    expect(parseTryRevision('deploy@0')).toBeUndefined();
    expect(parseTryRevision('@3')).toBeUndefined();
    expect(parseTryRevision('deploy@1.5')).toBeUndefined();
  });

  it('reads back the path tryRevisionPath writes', () => {
    const path = tryRevisionPath({ skill: 'release-notes', version: 12 });
    expect(path).toBe('/playground?try=release-notes@12');
    expect(parseTryRevision(new URL(path, 'http://localhost').searchParams.get('try'))).toEqual({
      skill: 'release-notes',
      version: 12,
    });
  });
});
