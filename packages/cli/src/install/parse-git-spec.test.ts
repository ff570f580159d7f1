import { describe, expect, it } from 'vitest';
import { parseGitHubShorthand, parseGitHubTreeUrl } from './parse-git-spec.ts';

describe('parseGitHubShorthand', () => {
  it('reads owner/repo, a folder inside and a ref after the last @', () => {
    expect(parseGitHubShorthand('acme/skills')).toEqual({
      url: 'https://github.com/acme/skills.git',
      github: 'acme/skills',
    });
    expect(parseGitHubShorthand('acme/skills.git/tools/lint/@feature/x')).toEqual({
      url: 'https://github.com/acme/skills.git',
      github: 'acme/skills',
      path: 'tools/lint',
      ref: 'feature/x',
    });
  });

  it('leaves alone what reads as a local path or is unsafe to hand to git', () => {
    for (const source of [
      'deploy',
      './acme/skills',
      '/acme/skills',
      '~/acme/skills',
      'acme/skills.zip',
      'acme/skills/SKILL.md',
      'acme/skills/../x',
      'acme/skills@-upload-pack=x',
      'acme/skills@a..b',
      'acme/skills@',
      '-acme/skills',
      'C:/acme/skills',
    ]) {
      expect(parseGitHubShorthand(source), source).toBeUndefined();
    }
  });
});

describe('parseGitHubTreeUrl', () => {
  it('takes the first segment after tree/ as the ref and the rest as the folder', () => {
    expect(parseGitHubTreeUrl('https://github.com/acme/skills/tree/v1.2/tools/lint%20x/')).toEqual({
      url: 'https://github.com/acme/skills.git',
      github: 'acme/skills',
      ref: 'v1.2',
      path: 'tools/lint x',
    });
    expect(parseGitHubTreeUrl('https://github.com/acme/skills/tree/main')).toEqual({
      url: 'https://github.com/acme/skills.git',
      github: 'acme/skills',
      ref: 'main',
    });
    expect(parseGitHubTreeUrl('https://github.com/acme/skills')).toBeUndefined();
    expect(parseGitHubTreeUrl('https://gitlab.com/acme/skills/tree/main/x')).toBeUndefined();
  });
});
