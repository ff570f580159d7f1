import { describe, expect, it } from 'vitest';
import { parseInvocation } from './parse-invocation.ts';

const known = new Set([
  'deploy',
  'review',
  'fix-issue',
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
  'g',
  'h',
  'i',
]);
const isKnown = (name: string) => known.has(name);

describe('parseInvocation', () => {
  it('reads one invocation and the trimmed argument string', () => {
    const result = parseInvocation({ message: '  /deploy   staging --dry-run  ', isKnown });
    expect(result).toEqual({
      invocations: [{ name: 'deploy', typed: 'deploy', prefix: '/', start: 2, end: 9 }],
      unknown: [],
      argumentString: 'staging --dry-run',
      text: 'staging --dry-run',
    });
  });

  it('accepts the $ prefix and an invocation at the end of the message', () => {
    const result = parseInvocation({ message: '$review', isKnown });
    expect(result.invocations.map((each) => each.prefix)).toEqual(['$']);
    expect(result.argumentString).toBe('');
  });

  it('stacks leading invocations that share the argument string', () => {
    const result = parseInvocation({ message: '/review $deploy\n/fix-issue 123 now', isKnown });
    expect(result.invocations.map((each) => each.name)).toEqual(['review', 'deploy', 'fix-issue']);
    expect(result.argumentString).toBe('123 now');
  });

  it('stops after eight stacked invocations and leaves the ninth in the arguments', () => {
    const result = parseInvocation({ message: '/a /b /c /d /e /f /g /h /i rest', isKnown });
    expect(result.invocations).toHaveLength(8);
    expect(result.argumentString).toBe('/i rest');
  });

  it('looks names up case-insensitively and keeps the typed spelling', () => {
    const result = parseInvocation({ message: '/Deploy prod', isKnown });
    expect(result.invocations[0]).toMatchObject({ name: 'deploy', typed: 'Deploy' });
  });

  it('reads names the validator accepts in any script, normalised and lowercased', () => {
    const isUnicodeKnown = (name: string) => name === 'uni-çase';
    for (const message of ['/uni-çase hi', '/UNI-ÇASE hi', '/uni-c\u0327ase hi']) {
      const result = parseInvocation({ message, isKnown: isUnicodeKnown });
      expect(result.invocations.map((invocation) => invocation.name)).toEqual(['uni-çase']);
      expect(result.argumentString).toBe('hi');
    }
    expect(parseInvocation({ message: '/über-skill hi', isKnown }).unknown[0]?.name).toBe(
      'über-skill',
    );
  });

  it('lists a repeated name once', () => {
    const result = parseInvocation({ message: '/deploy /DEPLOY x', isKnown });
    expect(result.invocations.map((each) => each.name)).toEqual(['deploy']);
    expect(result.argumentString).toBe('x');
  });

  it('passes a message with an unknown name on as ordinary text and reports the name', () => {
    const message = '/deplo staging';
    const result = parseInvocation({ message, isKnown });
    expect(result.invocations).toEqual([]);
    expect(result.text).toBe(message);
    expect(result.argumentString).toBe('');
    expect(result.unknown).toEqual([
      { name: 'deplo', typed: 'deplo', prefix: '/', start: 0, end: 6 },
    ]);
  });

  it('stops at the first unknown name, which becomes part of the arguments', () => {
    const result = parseInvocation({ message: '/review /nope the diff', isKnown });
    expect(result.invocations.map((each) => each.name)).toEqual(['review']);
    expect(result.unknown.map((each) => each.name)).toEqual(['nope']);
    expect(result.argumentString).toBe('/nope the diff');
  });

  it('does not mistake prices, paths or mid-message names for invocations', () => {
    for (const message of [
      '$5 is the price',
      '/usr/bin/env node',
      'please /deploy now',
      '/ deploy',
    ]) {
      expect(parseInvocation({ message, isKnown }), message).toEqual({
        invocations: [],
        unknown: [],
        argumentString: '',
        text: message,
      });
    }
    expect(parseInvocation({ message: '/deploy, then stop', isKnown }).invocations).toEqual([]);
  });

  it('reads the namespaced names of MCP-served skills, with or without a skill path', () => {
    const served = new Set(['docs:deploy', 'docs:acme/billing/refunds']);
    const result = parseInvocation({
      message: '/Docs:deploy $docs:acme/billing/refunds now',
      isKnown: (name) => served.has(name),
    });
    expect(result.invocations.map((each) => [each.name, each.typed])).toEqual([
      ['docs:deploy', 'Docs:deploy'],
      ['docs:acme/billing/refunds', 'docs:acme/billing/refunds'],
    ]);
    expect(result.argumentString).toBe('now');
    expect(parseInvocation({ message: '/docs: deploy', isKnown: () => true }).invocations).toEqual(
      [],
    );
  });

  it('accepts a digit-only name only when it is known', () => {
    const result = parseInvocation({ message: '$5 now', isKnown: (name) => name === '5' });
    expect(result.invocations.map((each) => each.name)).toEqual(['5']);
  });

  it('does not report names that cannot be skill names as unknown', () => {
    for (const message of ['$100', '/--x', '/a--b', '/-a']) {
      expect(parseInvocation({ message, isKnown: () => false }).unknown, message).toEqual([]);
    }
  });

  it('ignores a name longer than 64 characters', () => {
    const long = 'a'.repeat(65);
    expect(parseInvocation({ message: `/${long}`, isKnown: () => true }).invocations).toEqual([]);
  });

  it('uses configured prefixes, longest first', () => {
    const result = parseInvocation({ message: '!!deploy x', isKnown, prefixes: ['!', '!!'] });
    expect(result.invocations[0]).toMatchObject({ name: 'deploy', prefix: '!!' });
    expect(parseInvocation({ message: '/deploy x', isKnown, prefixes: ['!'] }).invocations).toEqual(
      [],
    );
  });
});
