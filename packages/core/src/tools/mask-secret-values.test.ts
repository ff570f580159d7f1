import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../node/sandbox/mask-secrets.ts';
import { maskSecretValues } from './mask-secret-values.ts';

const secrets = { API_KEY: 'sk-live-1234', SHORT: 'abc', INNER: '1234', OTHER: 'p@ss.w*rd' };

describe('maskSecretValues', () => {
  it("masks exactly as the sandbox's maskSecrets does", () => {
    for (const text of [
      'key sk-live-1234 twice sk-live-1234',
      'inner 1234 alone, abc stays',
      'regex chars p@ss.w*rd and p@ssXw*rd',
      '',
    ]) {
      expect(maskSecretValues(text, secrets)).toBe(maskSecrets(text, secrets));
    }
  });

  it('masks the beginning of a secret at the end of a cut text, only when told', () => {
    expect(maskSecretValues('end: sk-live-12', secrets)).toBe('end: sk-live-12');
    expect(maskSecretValues('end: sk-live-12', secrets, { cut: true })).toBe(
      'end: [secret API_KEY, cut]',
    );
    expect(maskSecretValues('end: sk-', secrets, { cut: true })).toBe('end: sk-');
  });
});
