import { describe, expect, it } from 'vitest';
import { createManifest } from '../skill/create-manifest.ts';
import type { SkillArgument } from '../skill/skill-manifest.ts';
import { bindArguments } from './bind-arguments.ts';
import { formatUsage } from './format-usage.ts';

const deploy = createManifest({
  name: 'deploy',
  description: 'Deploys the app.',
  arguments: [
    { name: 'env', type: 'string', required: true, enum: ['staging', 'production'] },
    { name: 'dryRun', type: 'boolean', required: false },
    { name: 'region', type: 'string', required: false, default: 'eu-west-1' },
    { name: 'replicas', type: 'integer', required: false },
    { name: 'ratio', type: 'number', required: false },
  ],
});

const commit = createManifest({
  name: 'commit',
  description: 'Writes a commit.',
  arguments: [
    { name: 'message', type: 'string', required: true, description: 'the commit message' },
    { name: 'scope', type: 'string', required: true, enum: ['core', 'cli'] },
    { name: 'ticket', type: 'integer', required: false },
  ],
});

const plain = createManifest({ name: 'explain', description: 'Explains code.' });

const greet = createManifest({
  name: 'greet',
  description: 'Greets someone.',
  arguments: [
    { name: 'who', type: 'string', required: true },
    { name: 'times', type: 'number', required: false },
    { name: 'loud', type: 'boolean', required: false },
  ],
});

const bind = (manifest: typeof deploy, input: string | Record<string, unknown>) => {
  const result = bindArguments({ manifest, input });
  if (!result.success) throw new Error(result.error.message);
  return result.arguments;
};

const errorOf = (manifest: typeof deploy, input: string | Record<string, unknown>) => {
  const result = bindArguments({ manifest, input });
  if (result.success) throw new Error('expected an error');
  return result.error;
};

describe('formatUsage', () => {
  it('shows required arguments as positionals and the rest as options', () => {
    expect(formatUsage({ manifest: deploy })).toMatchInlineSnapshot(
      `"Usage: /deploy <env:staging|production> [--dry-run] [--region <string>] [--replicas <integer>] [--ratio <number>]"`,
    );
  });

  it('shows --no-flag for a boolean that defaults to true and both for a required one', () => {
    const flags: SkillArgument[] = [
      { name: 'color', type: 'boolean', required: false, default: true },
      { name: 'confirm', type: 'boolean', required: true },
      { name: 'count', type: 'number', required: true },
    ];
    const manifest = createManifest({ name: 'x', description: 'x', arguments: flags });
    expect(formatUsage({ manifest, prefix: '$' })).toMatchInlineSnapshot(
      `"Usage: $x <count:number> [--no-color] <--confirm|--no-confirm>"`,
    );
  });

  it('uses argument-hint when no arguments are declared', () => {
    const manifest = createManifest({
      name: 'fix-issue',
      description: 'x',
      argumentHint: '[issue]',
    });
    expect(formatUsage({ manifest })).toBe('Usage: /fix-issue [issue]');
    expect(formatUsage({ manifest: plain })).toBe('Usage: /explain');
  });
});

describe('bindArguments', () => {
  it('binds positionals, --name value, --name=value and flags, and applies defaults', () => {
    expect(bind(deploy, 'staging --replicas 3 --ratio=0.5 --dry-run')).toEqual({
      argumentString: 'staging --replicas 3 --ratio=0.5 --dry-run',
      tokens: ['staging', '--replicas', '3', '--ratio=0.5', '--dry-run'],
      values: { env: 'staging', dryRun: true, region: 'eu-west-1', replicas: 3, ratio: 0.5 },
    });
  });

  it('reads --no-flag as false, kebab-case option names and options before positionals', () => {
    const values = bind(deploy, '--no-dry-run --region us-east-1 production').values;
    expect(values).toEqual({ env: 'production', dryRun: false, region: 'us-east-1' });
    expect(bind(deploy, 'staging --dry-run=no').values.dryRun).toBe(false);
  });

  it('matches enum values case-insensitively and returns the declared spelling', () => {
    expect(bind(deploy, 'PRODUCTION').values.env).toBe('production');
  });

  it('treats every token after -- as positional', () => {
    const manifest = createManifest({
      name: 'grep',
      description: 'x',
      arguments: [{ name: 'pattern', type: 'string', required: true }],
    });
    expect(bind(manifest, '-- --dry-run').values).toEqual({ pattern: '--dry-run' });
  });

  it('gives the spare words to the first free-text required argument, keeping one for each later required one', () => {
    expect(bind(commit, 'fix the "parser bug" core').values).toEqual({
      message: 'fix the parser bug',
      scope: 'core',
    });
    expect(bind(commit, 'tidy cli --ticket 42').values).toEqual({
      message: 'tidy',
      scope: 'cli',
      ticket: 42,
    });
  });

  it('fills positional tokens into declared arguments in order', () => {
    expect(bind(greet, 'Bob 3').values).toEqual({ who: 'Bob', times: 3 });
    expect(bind(greet, 'Bob 3 --loud').values).toEqual({ who: 'Bob', times: 3, loud: true });
    expect(bind(greet, 'Bob Smith 3').values).toEqual({ who: 'Bob Smith', times: 3 });
    expect(bind(greet, 'Bob Smith').values).toEqual({ who: 'Bob Smith' });
    expect(bind(greet, '"Bob 3"').values).toEqual({ who: 'Bob 3' });
    expect(bind(greet, '--times 2 Bob 3').values).toEqual({ who: 'Bob 3', times: 2 });
  });

  it('binds an object from a tool call by declared or kebab-case names', () => {
    const bound = bind(deploy, { env: 'staging', 'dry-run': true, replicas: '2', region: 'a b' });
    expect(bound).toEqual({
      argumentString: '--env staging --dry-run --region "a b" --replicas 2',
      tokens: ['--env', 'staging', '--dry-run', '--region', 'a b', '--replicas', '2'],
      values: { env: 'staging', dryRun: true, region: 'a b', replicas: 2 },
    });
    expect(bind(deploy, bound.argumentString).values).toEqual(bound.values);
  });

  it('gives a skill without declared arguments the whole string and its tokens', () => {
    expect(bind(plain, `  what's a "closure"?  `)).toEqual({
      argumentString: `what's a "closure"?`,
      tokens: ["what's", 'a', 'closure?'],
      values: {},
    });
    expect(bind(plain, { arguments: 'a b' }).tokens).toEqual(['a', 'b']);
    expect(bind(plain, {}).argumentString).toBe('');
  });

  it('reports an unknown option with the valid options and the usage line', () => {
    const error = errorOf(deploy, 'staging --force');
    expect(error.code).toBe('unknown_option');
    expect(error.message).toMatchInlineSnapshot(`
      "Unknown option --force; valid options: --env, --dry-run, --region, --replicas, --ratio.
      Usage: /deploy <env:staging|production> [--dry-run] [--region <string>] [--replicas <integer>] [--ratio <number>]"
    `);
  });

  it('reports a missing required argument', () => {
    const error = errorOf(commit, '');
    expect(error.code).toBe('missing_argument');
    expect(error.issues.map((issue) => issue.argument)).toEqual(['message', 'scope']);
    expect(error.message).toMatchInlineSnapshot(`
      "Missing required argument "message" (the commit message).
      Missing required argument "scope".
      Usage: /commit <message> <scope:core|cli> [--ticket <integer>]"
    `);
  });

  it('reports an option without its value', () => {
    expect(errorOf(deploy, 'staging --region').message).toMatchInlineSnapshot(`
      "Option --region needs a value.
      Usage: /deploy <env:staging|production> [--dry-run] [--region <string>] [--replicas <integer>] [--ratio <number>]"
    `);
  });

  it('reports type violations for integer, number and boolean values', () => {
    const error = errorOf(deploy, 'staging --replicas 2.5 --ratio 1e --dry-run=maybe');
    expect(error.code).toBe('invalid_argument_type');
    expect(error.message).toMatchInlineSnapshot(`
      "Argument "replicas" must be an integer; got "2.5".
      Argument "ratio" must be a number; got "1e".
      Argument "dryRun" must be a boolean; got "maybe".
      Usage: /deploy <env:staging|production> [--dry-run] [--region <string>] [--replicas <integer>] [--ratio <number>]"
    `);
  });

  it('reports --no- on an argument that is not boolean', () => {
    expect(errorOf(deploy, 'staging --no-region').message).toMatchInlineSnapshot(`
      "Option --no-region applies only to a boolean argument; "region" is a string.
      Usage: /deploy <env:staging|production> [--dry-run] [--region <string>] [--replicas <integer>] [--ratio <number>]"
    `);
  });

  it('reports a value outside the enum', () => {
    const error = errorOf(deploy, 'prod');
    expect(error.code).toBe('invalid_enum_value');
    expect(error.message).toMatchInlineSnapshot(`
      "Argument "env" must be one of staging, production; got "prod".
      Usage: /deploy <env:staging|production> [--dry-run] [--region <string>] [--replicas <integer>] [--ratio <number>]"
    `);
  });

  it('reports words left over when no argument takes free text', () => {
    const error = errorOf(deploy, 'staging us-east-1 3 0.5 extra words');
    expect(error.code).toBe('too_many_arguments');
    expect(error.message).toMatchInlineSnapshot(`
      "Unexpected arguments "extra", "words".
      Usage: /deploy <env:staging|production> [--dry-run] [--region <string>] [--replicas <integer>] [--ratio <number>]"
    `);
  });

  it('reports an unterminated quote with the usage line', () => {
    const error = errorOf(commit, `don't core`);
    expect(error.code).toBe('unterminated_quote');
    expect(error.message).toMatchInlineSnapshot(`
      "Unterminated single quote at column 4; close it, or escape it with a backslash:
        don't core
           ^
      Usage: /commit <message> <scope:core|cli> [--ticket <integer>]"
    `);
  });

  it('validates an object against the declaration', () => {
    const error = errorOf(deploy, { env: 'qa', replicas: 'many', colour: 'red', ratio: null });
    expect(error.issues.map((issue) => issue.code)).toEqual([
      'invalid_enum_value',
      'invalid_argument_type',
      'unknown_option',
    ]);
    expect(error.message).toMatchInlineSnapshot(`
      "Argument "env" must be one of staging, production; got "qa".
      Argument "replicas" must be an integer; got "many".
      Unknown argument "colour"; valid arguments: env, dryRun, region, replicas, ratio.
      Usage: /deploy <env:staging|production> [--dry-run] [--region <string>] [--replicas <integer>] [--ratio <number>]"
    `);
    expect(errorOf(deploy, {}).code).toBe('missing_argument');
    expect(errorOf(plain, { topic: 'x' }).code).toBe('unknown_option');
    expect(errorOf(plain, { arguments: 3 }).code).toBe('invalid_argument_type');
  });

  it('shows the invoking prefix in the usage line', () => {
    const result = bindArguments({ manifest: deploy, input: '', prefix: '$' });
    expect(result.success ? '' : result.error.usage).toMatch(/^Usage: \$deploy /);
  });
});
