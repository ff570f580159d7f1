import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { createJsonPathLocator } from './locate-json-path.ts';
import { parsePolicyConfig, safeParsePolicyConfig } from './parse-policy-config.ts';

const source = 'skillset.json';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (SkillsetError.isInstance(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('expected an error');
}

describe('parsePolicyConfig', () => {
  it('accepts a complete config', () => {
    const config = {
      $schema: 'https://example.test/schema.json',
      rules: [
        { principal: 'agent-1', skill: 'deploy-*', surface: 'model', action: 'ask' },
        { skill: 'rm-rf', surface: '*', action: 'deny' },
      ],
      allowlist: ['pdf', 'docx-?'],
      integrations: ['slack'],
      config: { browser: { enabled: true } },
    };
    expect(parsePolicyConfig(config, { source })).toEqual(config);
  });

  it('accepts an empty object', () => {
    expect(parsePolicyConfig({}, { source })).toEqual({});
  });

  it('names the path, the bad value and the valid choices', () => {
    const input = {
      rules: [{ skill: 'deploy', action: 'block', surface: 'tools' }, { action: 'deny' }],
      allowlist: 'pdf',
      integrations: [''],
      rule: [],
    };
    expect(messageOf(() => parsePolicyConfig(input, { source }))).toMatchInlineSnapshot(`
      "invalid_policy_config: Invalid policy config in skillset.json (6 problems):
        rules[0].surface: Expected one of "catalog", "model", "user", "read", "manage", "run", "*", got "tools". Set it to one of "catalog", "model", "user", "read", "manage", "run", "*".
        rules[0].action: Expected one of "deny", "ask", "allow", got "block". Set it to one of "deny", "ask", "allow".
        rules[1].skill: Missing required key "skill". Add "skill" (string).
        allowlist: Expected a list, got "pdf". Write a list here.
        integrations[0]: Expected a non-empty string. Write a name or a pattern, or remove the entry.
        rule: Unknown key "rule". Did you mean "rules"? Known keys: $schema, rules, allowlist, integrations, config, contentRisks, requireSigned, trustedSigners, revokedSigners, mcpServers."
    `);
  });

  it('adds a line and a column when it can locate the path in the text', () => {
    const text = '{\n  "rules": [\n    { "skill": "deploy", "action": "block" }\n  ]\n}\n';
    const result = safeParsePolicyConfig(JSON.parse(text), {
      source,
      locate: createJsonPathLocator(text),
    });
    expect(result).toMatchInlineSnapshot(`
      {
        "issues": [
          {
            "code": "invalid_value",
            "column": 26,
            "hint": "Set it to one of "deny", "ask", "allow".",
            "line": 3,
            "message": "Expected one of "deny", "ask", "allow", got "block".",
            "path": [
              "rules",
              0,
              "action",
            ],
            "pathText": "rules[0].action",
          },
        ],
        "success": false,
      }
    `);
  });

  it('reports a non-object root', () => {
    expect(safeParsePolicyConfig([], { source })).toMatchObject({
      success: false,
      issues: [
        { code: 'invalid_type', pathText: '(root)', message: 'Expected an object, got a list.' },
      ],
    });
  });

  it('accepts MCP skill servers and explains a bad one', () => {
    const mcpServers = {
      docs: { command: 'skillset', args: ['mcp', '--dir', 'skills'], env: { A: 'b' } },
      team: {
        type: 'http',
        url: 'https://skills.example.test/mcp',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
        headers: { Authorization: 'Bearer ${TOKEN}' },
        approvedAllowedTools: { 'team:deploy': `sha256:${'a'.repeat(64)}` },
      },
    };
    expect(parsePolicyConfig({ mcpServers }, { source })).toEqual({ mcpServers });
    const input = {
      mcpServers: {
        Docs: { command: 'x' },
        both: { command: 'x', url: 'https://a.test/mcp' },
        neither: { comand: 'x' },
        mixed: { url: 'https://a.test/mcp', env: {} },
        approving: { url: 'https://a.test/mcp', approvedAllowedTools: { deploy: 'yes' } },
      },
    };
    expect(messageOf(() => parsePolicyConfig(input, { source }))).toMatchInlineSnapshot(`
      "invalid_policy_config: Invalid policy config in skillset.json (6 problems):
        mcpServers.Docs: Invalid label "Docs": A server label is lowercase letters, digits and single hyphens (it prefixes skill names: label:skill). Rename it, e.g. "team-docs".
        mcpServers.both: An MCP server has either "command" (stdio) or "url" (Streamable HTTP), not both. See README "Skills from MCP servers".
        mcpServers.neither.comand: Unknown key "comand". Did you mean "command"? Known keys: type, command, args, env, cwd, url, headers, timeoutMs, approvedAllowedTools.
        mcpServers.neither: An MCP server needs "command" (a stdio server) or "url" (a Streamable HTTP server). See README "Skills from MCP servers".
        mcpServers.mixed: "env" applies to a stdio "command", not to a "url". See README "Skills from MCP servers".
        mcpServers.approving.approvedAllowedTools.deploy: An approval is the manifest digest the source reports: "sha256:" and 64 lowercase hex characters. See README "Skills from MCP servers"."
    `);
  });
});
