import { describe, expect, it } from 'vitest';
import { guessMimeType } from './guess-mime-type.ts';

describe('guessMimeType', () => {
  it('maps known extensions case-insensitively and falls back to octet-stream', () => {
    expect(guessMimeType('docs/Guide.MD')).toBe('text/markdown');
    expect(guessMimeType('scripts/run.py')).toBe('text/x-python');
    expect(guessMimeType('.env')).toBe('application/octet-stream');
    expect(guessMimeType('bin/tool')).toBe('application/octet-stream');
  });
});
