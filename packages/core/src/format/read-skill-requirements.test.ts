import { describe, expect, it } from 'vitest';
import { parseSkill } from './parse-skill.ts';
import { serializeSkill } from './serialize-skill.ts';

const skill = (requires: string) =>
  `---\nname: fetcher\ndescription: Fetches pages\nrequires:\n${requires}\n---\nBody\n`;

describe('readSkillRequirements: network', () => {
  it('reads requires.network: true, in both frontmatter readers', () => {
    for (const options of [{}, { yamlOnly: true }] as const) {
      const result = parseSkill(skill('  network: true\n  env: [API_KEY]'), options);
      expect(result.issues).toEqual([]);
      expect(result.manifest?.requires).toEqual({
        bins: [],
        anyBins: [],
        env: ['API_KEY'],
        config: [],
        os: [],
        always: false,
        network: true,
      });
    }
  });

  it('leaves network out when it is false, as when it is absent', () => {
    const result = parseSkill(skill('  network: no\n  bins: [curl]'));
    expect(result.issues).toEqual([]);
    expect(result.manifest?.requires).not.toHaveProperty('network');
  });

  it('reports a network that is not true or false, and a list, as errors', () => {
    const word = parseSkill(skill('  network: sometimes'));
    expect(word.valid).toBe(false);
    expect(word.issues).toMatchInlineSnapshot(`
      [
        {
          "code": "invalid_field_value",
          "column": 12,
          "field": "requires.network",
          "line": 5,
          "message": "requires.network at line 5 must be true or false, not 'sometimes'",
          "severity": "error",
        },
      ]
    `);
    const list = parseSkill(skill('  network: [yes]'));
    expect(list.issues.map((issue) => `${issue.code}:${issue.field}:${issue.severity}`)).toEqual([
      'invalid_field_type:requires.network:error',
    ]);
    expect(word.manifest?.requires).not.toHaveProperty('network');
  });

  it("does not read network from the vendors' metadata requires", () => {
    const text =
      '---\nname: fetcher\ndescription: d\nmetadata:\n  openclaw:\n    requires:\n      network: true\n      bins: [curl]\n---\nBody\n';
    const result = parseSkill(text);
    expect(result.issues).toEqual([]);
    expect(result.manifest?.requires).not.toHaveProperty('network');
  });

  it('names network among the known requirements when a key is misspelt', () => {
    const result = parseSkill(skill('  netwrok: true'));
    expect(result.issues.map((issue) => issue.message)).toEqual([
      'requires.netwrok at line 5 is not a known requirement; use bins, anyBins, env, config, os, network or always',
    ]);
  });

  it('writes network back when serialising, and reads the same requirements again', () => {
    const first = parseSkill(skill('  network: true\n  bins: [curl]'));
    const manifest = first.manifest;
    if (manifest === undefined) throw new Error('no manifest');
    const text = serializeSkill(manifest, first.body);
    expect(text).toContain('requires:\n  bins:\n    - curl\n  network: true\n');
    expect(parseSkill(text).manifest?.requires).toEqual(manifest.requires);
  });
});
