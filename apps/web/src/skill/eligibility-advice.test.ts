import { describe, expect, it } from 'vitest';
import { eligibilityAdvice } from './eligibility-advice.ts';

const nothing = { bins: [], anyBins: [], env: [], config: [], os: [] };

describe('eligibilityAdvice', () => {
  it('says nothing when nothing is missing', () => {
    expect(eligibilityAdvice(nothing)).toEqual([]);
  });

  it('names each missing thing with how to provide it', () => {
    const advice = eligibilityAdvice({
      bins: ['pdftk'],
      anyBins: ['python3', 'python'],
      env: ['GITHUB_TOKEN'],
      config: ['github.token'],
      os: ['darwin'],
    });
    expect(advice.map((item) => item.what)).toEqual([
      'The program `pdftk`',
      'One of the programs `python3`, `python`',
      'The environment variable `GITHUB_TOKEN`',
      'The configuration value `github.token`',
      'An operating system among `darwin`',
    ]);
    expect(advice[2]?.fix).toContain('restart the server');
  });
});
