import { describe, expect, it } from 'vitest';
import { secretNameProblem, toSecretName } from './secret-name.ts';

describe('toSecretName', () => {
  it('uppercases and turns hyphens, spaces and dots into underscores', () => {
    expect(toSecretName('github-token')).toBe('GITHUB_TOKEN');
    expect(toSecretName('api key.v2')).toBe('API_KEY_V2');
    expect(toSecretName('A$B')).toBe('A$B');
  });
});

describe('secretNameProblem', () => {
  it('accepts environment variable names and says what is wrong with others', () => {
    expect(secretNameProblem('GITHUB_TOKEN')).toBeUndefined();
    expect(secretNameProblem('_X1')).toBeUndefined();
    expect(secretNameProblem('')).toBe('Give the secret a name, e.g. GITHUB_TOKEN.');
    expect(secretNameProblem('1TOKEN')).toBe('A name cannot start with a digit.');
    expect(secretNameProblem(`A${'B'.repeat(128)}`)).toBe('A name has at most 128 characters.');
    expect(secretNameProblem('A$B')).toBe(
      'Use only uppercase letters, digits and underscores (an environment variable name).',
    );
  });
});
