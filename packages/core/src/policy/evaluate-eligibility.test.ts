import { describe, expect, it } from 'vitest';
import { evaluateEligibility, normalizePlatform } from './evaluate-eligibility.ts';
import { createPolicyEnvironment } from './policy-environment.ts';

const environment = createPolicyEnvironment({
  env: { HOME: '/home/me', EMPTY: '' },
  hasBinary: (name) => name === 'git',
  configKeys: ['browser.enabled'],
  platform: 'darwin',
});

const none = { bins: [], anyBins: [], env: [], config: [], os: [] };

describe('evaluateEligibility', () => {
  it('is eligible with nothing missing when there are no requirements', () => {
    expect(evaluateEligibility(undefined, environment)).toEqual({
      eligible: true,
      overridden: false,
      missing: none,
    });
  });

  it('requires every binary in bins', () => {
    const result = evaluateEligibility({ bins: ['git', 'gh'] }, environment);
    expect(result).toEqual({
      eligible: false,
      overridden: false,
      missing: { ...none, bins: ['gh'] },
    });
  });

  it('requires any one binary of anyBins and reports the list when none is there', () => {
    expect(evaluateEligibility({ anyBins: ['hg', 'git'] }, environment).eligible).toBe(true);
    expect(evaluateEligibility({ anyBins: ['hg', 'svn'] }, environment).missing).toEqual({
      ...none,
      anyBins: ['hg', 'svn'],
    });
  });

  it('counts an empty environment variable as missing', () => {
    expect(
      evaluateEligibility({ env: ['HOME', 'EMPTY', 'TOKEN'] }, environment).missing.env,
    ).toEqual(['EMPTY', 'TOKEN']);
  });

  it('checks config keys against the available keys', () => {
    const result = evaluateEligibility({ config: ['browser.enabled', 'slack.token'] }, environment);
    expect(result.missing.config).toEqual(['slack.token']);
  });

  it('matches the os list against the platform, accepting common aliases', () => {
    expect(evaluateEligibility({ os: ['macOS'] }, environment).eligible).toBe(true);
    expect(evaluateEligibility({ os: ['linux', 'darwin'] }, environment).eligible).toBe(true);
    expect(evaluateEligibility({ os: ['linux', 'windows'] }, environment).missing.os).toEqual([
      'linux',
      'windows',
    ]);
  });

  it('lets always: true override what is missing and says it did', () => {
    const result = evaluateEligibility({ bins: ['gh'], os: ['linux'], always: true }, environment);
    expect(result).toEqual({
      eligible: true,
      overridden: true,
      missing: { ...none, bins: ['gh'], os: ['linux'] },
    });
    expect(evaluateEligibility({ always: true }, environment).overridden).toBe(false);
  });

  it('treats the default environment as having nothing', () => {
    const result = evaluateEligibility(
      { bins: ['sh'], env: ['PATH'], config: ['x'], os: ['linux'] },
      createPolicyEnvironment(),
    );
    expect(result.missing).toEqual({
      bins: ['sh'],
      anyBins: [],
      env: ['PATH'],
      config: ['x'],
      os: ['linux'],
    });
  });
});

describe('normalizePlatform', () => {
  it('maps OS names to process.platform values', () => {
    expect(['macOS', 'osx', 'Darwin', 'Windows', 'win32', 'LINUX'].map(normalizePlatform)).toEqual([
      'darwin',
      'darwin',
      'darwin',
      'win32',
      'win32',
      'linux',
    ]);
  });
});
