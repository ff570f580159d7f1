import { describe, expect, it } from 'vitest';
import { parseSkill } from './parse-skill.ts';

const skill = (frontmatter: string, body = 'Body\n') => `---\n${frontmatter}\n---\n${body}`;
const codes = (text: string | Uint8Array, options = {}) =>
  parseSkill(text, options).issues.map((issue) => `${issue.code}:${issue.severity}@${issue.line}`);

describe('parseSkill', () => {
  it('reads a minimal skill, its body and where the body starts', () => {
    const result = parseSkill(skill('name: my-skill\ndescription: Does things'));
    expect(result).toMatchObject({ valid: true, body: 'Body\n', bodyLine: 5, issues: [] });
    expect(result.manifest).toMatchObject({ name: 'my-skill', description: 'Does things' });
  });

  it('reads scalars as source text for string fields', () => {
    const result = parseSkill(skill('name: s\ndescription: no\nversion: 1.0\nlicense: 123'));
    expect(result.manifest).toMatchObject({ description: 'no', version: '1.0', license: '123' });
  });

  it('warns where other YAML readers see a number, boolean or null instead of text', () => {
    const text = skill(
      'name: s\ndescription: d\nlicense: 42\nallowed-tools: 7\nmodel: true\ntags: [ok, ~]\nreferences:\n  - 0x1F\nversion: 1.0\nagent: "42"\narguments:\n  - name: env\n    description: no',
    );
    for (const options of [{}, { yamlOnly: true }, { profile: 'strict' }] as const) {
      const result = parseSkill(text, options);
      const typed = result.issues.filter((issue) => issue.code === 'invalid_field_type');
      expect(
        typed.map((issue) => `${issue.field}:${issue.severity}@${issue.line}:${issue.column}`),
      ).toEqual([
        'license:warning@4:10',
        'allowed-tools:warning@5:16',
        'model:warning@6:8',
        'tags item:warning@7:12',
        'references item:warning@9:5',
        "argument 'env' description:warning@14:18",
      ]);
    }
    const result = parseSkill(text);
    expect(result.valid).toBe(true);
    expect(result.manifest).toMatchObject({
      license: '42',
      allowedTools: ['7'],
      version: '1.0',
      agent: '42',
    });
    expect(result.issues[0]).toMatchInlineSnapshot(`
      {
        "code": "invalid_field_type",
        "column": 10,
        "field": "license",
        "line": 4,
        "message": "license at line 4 is 42, which YAML reads as a number, but it must be text; put it in quotes ("42") or replace it",
        "severity": "warning",
      }
    `);
  });

  it('suggests a valid name when the name and the folder differ', () => {
    const message = (name: string, folderName: string) =>
      parseSkill(skill(`name: ${name}\ndescription: d`), { folderName }).issues.find(
        (issue) => issue.code === 'name_folder_mismatch',
      )?.message;
    expect(message('whatever', 'My_Skill')).toBe(
      "name 'whatever' does not match its folder 'My_Skill'; rename the folder to whatever",
    );
    expect(message('whatever', 'other')).toBe(
      "name 'whatever' does not match its folder 'other'; rename the folder to whatever or set name: other",
    );
    expect(message('Bad_Name', 'My Skill')).toBe(
      "name 'Bad_Name' does not match its folder 'My Skill'; rename the folder to my-skill and set name: my-skill",
    );
    expect(parseSkill(skill('description: d'), { folderName: 'My_Skill' }).issues[0]?.message).toBe(
      "name is missing; add 'name: my-skill' to the frontmatter and rename the folder to my-skill",
    );
  });

  it('reads every extended field and alias', () => {
    const text = skill(
      [
        'name: s',
        'description: d',
        'allowed_tools: Read Bash(git add:*), Write',
        'disallowed-tools: [Edit]',
        'disable_model_invocation: yes',
        'user-invocable: off',
        'context: fork',
        'agent: reviewer',
        'model: fast',
        'argument_hint: "[file]"',
        'arguments:',
        '  - name: file',
        '    required: true',
        '  - name: level',
        '    type: integer',
        '    enum: [1, 2]',
        '    default: 2',
        'tags: a, b',
        'category: c',
        'icon: i',
        'integration_id: github',
        'command-tool: run',
        'references: [other-skill]',
        'requires:',
        '  bins: [jq]',
        '  env: TOKEN',
        'metadata:',
        '  clawdbot:',
        '    requires:',
        '      anyBins: [rg, grep]',
        '    os: [linux]',
      ].join('\n'),
    );
    const result = parseSkill(text);
    expect(result.issues).toEqual([]);
    expect(result.manifest).toMatchObject({
      allowedTools: ['Read', 'Bash(git add:*)', 'Write'],
      disallowedTools: ['Edit'],
      disableModelInvocation: true,
      userInvocable: false,
      context: 'fork',
      agent: 'reviewer',
      model: 'fast',
      argumentHint: '[file]',
      arguments: [
        { name: 'file', type: 'string', required: true },
        { name: 'level', type: 'integer', required: false, enum: [1, 2], default: 2 },
      ],
      tags: ['a', 'b'],
      integration: 'github',
      toolDispatch: 'run',
      references: ['other-skill'],
      requires: {
        bins: ['jq'],
        anyBins: ['rg', 'grep'],
        env: ['TOKEN'],
        config: [],
        os: ['linux'],
        always: false,
      },
    });
  });

  it('reports a missing description when the key is absent', () => {
    expect(parseSkill(skill('name: my-skill')).issues).toMatchInlineSnapshot(`
      [
        {
          "code": "missing_description",
          "column": 1,
          "field": "description",
          "line": 1,
          "message": "description is missing; add 'description:' saying what the skill does and when to use it",
          "severity": "error",
        },
      ]
    `);
  });

  it('explains an invalid name and suggests a fix', () => {
    expect(parseSkill(skill('name: My_Skill\ndescription: d')).issues).toMatchInlineSnapshot(`
      [
        {
          "code": "invalid_name",
          "column": 7,
          "field": "name",
          "line": 2,
          "message": "name 'My_Skill' must be lowercase, may only contain lowercase letters, digits and hyphens; try 'my-skill'",
          "severity": "error",
        },
      ]
    `);
  });

  it('keeps the manifest when a name is invalid but readable', () => {
    const result = parseSkill(skill('name: Bad--\ndescription: d'));
    expect(result.valid).toBe(false);
    expect(result.manifest?.name).toBe('Bad--');
  });

  it('checks the folder name: an error in strict, a warning in default', () => {
    const text = skill('name: one\ndescription: d');
    expect(codes(text, { folderName: 'two' })).toEqual(['name_folder_mismatch:warning@2']);
    expect(codes(text, { folderName: 'two', profile: 'strict' })).toEqual([
      'name_folder_mismatch:error@2',
    ]);
  });

  it('refuses non-spec fields in strict and warns about unknown ones in default', () => {
    const text = skill('name: s\ndescription: d\nargument-hint: x\nauthor: me');
    expect(codes(text, { profile: 'strict' })).toEqual([
      'unknown_field:error@4',
      'unknown_field:error@5',
    ]);
    expect(codes(text)).toEqual(['unknown_field:warning@5']);
    expect(parseSkill(text).manifest?.extra).toEqual({ author: 'me' });
  });

  it('repairs an unquoted ": " in a description in default only', () => {
    const text = skill('name: s\ndescription: Use when: you need X');
    const repaired = parseSkill(text);
    expect(repaired.manifest?.description).toBe('Use when: you need X');
    expect(repaired.issues).toMatchInlineSnapshot(`
      [
        {
          "code": "repaired_yaml",
          "column": 1,
          "line": 3,
          "message": "line 3 has an unquoted ': ' in its value, which is invalid YAML; it was read as text — wrap the value in quotes",
          "severity": "warning",
        },
      ]
    `);
    expect(codes(text, { profile: 'strict' })).toEqual(['invalid_yaml:error@3']);
  });

  it('reports invalid YAML with its position in the file', () => {
    expect(parseSkill(skill('name: [oops\ndescription: d')).issues).toMatchInlineSnapshot(`
      [
        {
          "code": "invalid_yaml",
          "column": 1,
          "line": 3,
          "message": "frontmatter is not valid YAML at line 3, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]; quote values that contain ': ' or start with a special character",
          "severity": "error",
        },
      ]
    `);
  });

  it('refuses anchors, aliases and tags', () => {
    const text = skill('name: &n s\ndescription: *n\nlicense: !!str MIT');
    expect(codes(text)).toEqual([
      'yaml_alias_refused:error@3',
      'yaml_tag_refused:error@4',
      'missing_description:error@3',
    ]);
    expect(codes(skill('name: s\ndescription: &d d'))).toEqual(['yaml_anchor_refused:error@3']);
  });

  it('reports an alias bomb as one issue with counts, not one per alias', () => {
    const lines = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (const [previous, next] of ['ab', 'bc', 'cd', 'de', 'ef', 'fg', 'gh', 'hi']) {
      lines.push(`${next}: &${next} [${Array(9).fill(`*${previous}`).join(', ')}]`);
    }
    const result = parseSkill(skill(`name: s\ndescription: d\nmetadata:\n  ${lines.join('\n  ')}`));
    expect(result.valid).toBe(false);
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "code": "yaml_alias_refused",
          "column": 10,
          "line": 6,
          "message": "YAML alias '*a' at line 6 is not allowed in frontmatter (72 aliases and 9 anchors in all); write each value out instead of anchors and aliases",
          "severity": "error",
        },
      ]
    `);
  });

  it('reports duplicate keys and conflicting aliases', () => {
    expect(codes(skill('name: s\nname: t\ndescription: d'))).toEqual(['duplicate_field:error@3']);
    expect(codes(skill('name: s\ndescription: d\nallowed_tools: A\nallowed-tools: B'))).toEqual([
      'duplicate_field:warning@4',
    ]);
    expect(
      parseSkill(skill('name: s\ndescription: d\nallowed_tools: A\nallowed-tools: B')).manifest
        ?.allowedTools,
    ).toEqual(['B']);
  });

  it('reports frontmatter that is missing, unclosed or not a mapping', () => {
    expect(codes('# Title\n')).toEqual(['missing_frontmatter:error@1']);
    expect(codes('---\nname: s\n')).toEqual(['unclosed_frontmatter:error@1']);
    expect(codes('---\n- a\n---\n')).toEqual(['frontmatter_not_mapping:error@2']);
    expect(codes('---\n---\n')).toEqual(['frontmatter_not_mapping:error@1']);
    expect(parseSkill('\n---\nname: s\n---\n').issues[0]?.message).toContain(
      'remove the blank lines',
    );
  });

  it('handles a BOM, CRLF and invalid UTF-8 with issues', () => {
    const crlf = '\ufeff---\r\nname: s\r\ndescription: d\r\n---\r\nBody\r\n';
    const result = parseSkill(crlf);
    expect(result.valid).toBe(true);
    expect(result.body).toBe('Body\n');
    expect(codes(crlf)).toEqual(['bom_removed:warning@1', 'crlf_line_endings:warning@1']);
    const bytes = new TextEncoder().encode(skill('name: s\ndescription: caf\u00e9'));
    const broken = bytes.map((byte) => (byte === 0xa9 ? 0xff : byte));
    expect(codes(broken)).toEqual(['invalid_utf8:error@3']);
  });

  it('validates argument declarations', () => {
    const text = skill(
      'name: s\ndescription: d\narguments:\n  - name: n\n    type: number\n    default: many\n  - name: m\n    type: date\n  - 9bad\n  - name: e\n    enum: [a, b]\n    default: c',
    );
    expect(codes(text)).toEqual([
      'invalid_argument:error@7',
      'invalid_argument:error@9',
      'invalid_argument:error@10',
      'invalid_argument:error@13',
    ]);
  });

  it('rejects bad values of behaviour fields and tolerates bad catalogue fields', () => {
    expect(codes(skill('name: s\ndescription: d\ncontext: thread\nuser-invocable: maybe'))).toEqual(
      ['invalid_field_value:error@4', 'invalid_field_value:error@5'],
    );
    expect(codes(skill('name: s\ndescription: d\nversion: [a, b]\ntags: [x, [y]]'))).toEqual([
      'invalid_field_type:warning@4',
      'invalid_field_type:warning@5',
    ]);
  });

  it('applies size limits without parsing the whole file', () => {
    const big = skill('name: s\ndescription: d', 'x'.repeat(2_000_000));
    const result = parseSkill(big);
    expect(codes(big)).toEqual(['file_too_large:error@undefined']);
    expect(result.manifest?.name).toBe('s');
    const fat = skill(`name: s\ndescription: ${'y'.repeat(70_000)}`);
    expect(codes(fat)).toEqual(['frontmatter_too_large:error@2']);
    expect(codes(skill('name: s\ndescription: d'), { limits: { maxSkillFileBytes: 10 } })).toEqual([
      'file_too_large:error@undefined',
    ]);
  });

  it('refuses flow collections nested deeper than 64 levels, the same way every time', () => {
    // 1,000 levels overflowed the YAML parser's stack on a cold engine and parsed on a warm one.
    const deep = skill(
      `name: s\ndescription: d\nmetadata: {x: ${'['.repeat(1000)}${']'.repeat(1000)}}`,
    );
    for (let round = 0; round < 3; round += 1) {
      expect(codes(deep)).toEqual(['frontmatter_too_deep:error@2']);
    }
    expect(parseSkill(deep).issues[0]?.message).toContain('1001 levels deep; at most 64');
    const fine = skill(
      `name: s\ndescription: d\nmetadata: {x: ${'['.repeat(63)}${']'.repeat(63)}}`,
    );
    expect(codes(fine)).toEqual([]);
  });

  it('warns, in default, about descriptions over 1024 characters and errors in strict', () => {
    const text = skill(`name: s\ndescription: ${'d'.repeat(1025)}`);
    expect(codes(text)).toEqual(['description_too_long:warning@3']);
    expect(codes(text, { profile: 'strict' })).toEqual(['description_too_long:error@3']);
  });
});
