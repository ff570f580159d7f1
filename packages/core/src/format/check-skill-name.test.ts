import { describe, expect, it } from 'vitest';
import { checkSkillName } from './check-skill-name.ts';

describe('checkSkillName', () => {
  it('accepts names in one script, and scripts written together', () => {
    for (const name of [
      'paypal',
      'мой-навык',
      'αβγ',
      '技能',
      'café',
      'pdf-技能',
      'ひらがな-カタカナ-漢字',
      'v2-tools',
    ])
      expect(checkSkillName(name), name).toEqual([]);
  });

  it('refuses a name that mixes scripts, as a look-alike of another name (UTS #39)', () => {
    expect(checkSkillName('раypal')).toEqual([
      {
        code: 'invalid_name',
        message: expect.stringContaining('must not mix scripts (Cyrillic and Latin)'),
      },
    ]);
    expect(checkSkillName('deploy-αlpha')[0]?.message).toContain('(Latin and Greek)');
  });
});
