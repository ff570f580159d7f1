import { describe, expect, it } from 'vitest';
import { parseSkill } from '../format/parse-skill.ts';
import { buildSkill } from '../test/build-skill.ts';
import type { SkillLookup } from './activatable-skill.ts';
import { checkSkillReferences } from './check-skill-references.ts';

function parse(name: string, references: string[]) {
  const parsed = parseSkill(buildSkill({ name, fields: { references } }));
  if (parsed.manifest === undefined) throw new Error(`cannot parse ${name}`);
  return { manifest: parsed.manifest, position: parsed.fieldPositions?.references };
}

const skills = new Map(
  [
    parse('a', ['b']),
    parse('b', ['a']),
    parse('c', ['d']),
    parse('d', ['gone']),
    parse('e', []),
  ].map((skill) => [skill.manifest.name, skill]),
);
const getSkill: SkillLookup = (name) => {
  const skill = skills.get(name.toLowerCase());
  return skill === undefined ? undefined : { manifest: skill.manifest, body: '' };
};

describe('checkSkillReferences', () => {
  it('reports a cycle on the references field, as activation refuses it', async () => {
    const { manifest, position } = parse('a', ['b']);
    expect(
      await checkSkillReferences({ manifest, getSkill, ...(position && { position }) }),
    ).toMatchInlineSnapshot(`
        {
          "code": "reference_cycle",
          "column": 1,
          "field": "references",
          "line": 4,
          "message": "Skill references form a cycle: a → b → a; remove one of these references",
          "severity": "error",
        }
      `);
  });

  it('reports an unknown name anywhere down the chain, naming where to fix it', async () => {
    const issue = await checkSkillReferences({ manifest: parse('top', ['c']).manifest, getSkill });
    expect(issue).toMatchObject({
      code: 'unknown_reference',
      severity: 'error',
      field: 'references',
    });
    expect(issue?.message).toBe(
      'Skill d references gone, which is not available (top → c → d → gone); add a valid skill named gone, or remove it from the references of d',
    );
    const invalidName = await checkSkillReferences({
      manifest: parse('top', ['Not_A_Name']).manifest,
      getSkill,
    });
    expect(invalidName?.message).toMatch(
      /; remove it from the references of top \(it is not a valid skill name\)$/,
    );
  });

  it('returns nothing when every reference resolves, or there are none', async () => {
    expect(
      await checkSkillReferences({ manifest: parse('top', ['e', 'E']).manifest, getSkill }),
    ).toBeUndefined();
    expect(
      await checkSkillReferences({ manifest: parse('e', []).manifest, getSkill }),
    ).toBeUndefined();
  });
});
