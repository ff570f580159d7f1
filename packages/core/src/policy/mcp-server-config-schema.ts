import { z } from 'zod';

/** A label for an MCP skill server: a skill name (lowercase letters, digits, single hyphens). */
export const MCP_SERVER_LABEL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The keys of one MCP server entry, for "did you mean" hints. */
export const MCP_SERVER_CONFIG_KEYS = [
  'type',
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'headers',
  'timeoutMs',
  'approvedAllowedTools',
] as const;

/** The form of a skill manifest digest: `sha256:` and 64 lowercase hexadecimal characters. */
const MCP_SKILL_MANIFEST_DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

/**
 * The Zod schema of one MCP server whose skills join the registry: a stdio `command` (with `args`,
 * `env`, `cwd`) or a Streamable HTTP `url` (with `headers`); `${VAR}` in strings reads the environment.
 * `approvedAllowedTools` keeps a served skill's `allowed-tools` (by its name on that server) while
 * its manifest digest is the one approved.
 */
export const mcpServerConfigSchema = z
  .strictObject({
    type: z.enum(['stdio', 'http']).optional(),
    command: z.string().trim().min(1).optional(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().trim().min(1).optional(),
    url: z.string().trim().min(1).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    timeoutMs: z.number().int().min(100).max(600_000).optional(),
    approvedAllowedTools: z
      .record(
        z.string().min(1),
        z.string().regex(MCP_SKILL_MANIFEST_DIGEST_PATTERN, {
          message:
            'An approval is the manifest digest the source reports: "sha256:" and 64 lowercase hex characters.',
        }),
      )
      .optional(),
  })
  .superRefine((server, context) => {
    const hasCommand = server.command !== undefined;
    const hasUrl = server.url !== undefined;
    if (hasCommand === hasUrl) {
      context.addIssue({
        code: 'custom',
        message: hasCommand
          ? 'An MCP server has either "command" (stdio) or "url" (Streamable HTTP), not both.'
          : 'An MCP server needs "command" (a stdio server) or "url" (a Streamable HTTP server).',
      });
      return;
    }
    const stdioOnly = (['args', 'env', 'cwd'] as const).filter((key) => server[key] !== undefined);
    if (hasUrl && stdioOnly.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `"${stdioOnly.join('", "')}" ${stdioOnly.length === 1 ? 'applies' : 'apply'} to a stdio "command", not to a "url".`,
      });
    }
    if (hasCommand && server.headers !== undefined) {
      context.addIssue({
        code: 'custom',
        message: '"headers" applies to a "url", not to a "command".',
      });
    }
    if (server.type !== undefined && server.type !== (hasUrl ? 'http' : 'stdio')) {
      context.addIssue({
        code: 'custom',
        message: `"type": "${server.type}" does not match the ${hasUrl ? '"url"' : '"command"'} given.`,
      });
    }
  });

/** The Zod schema of `mcpServers`: MCP servers by label; a label becomes the skills' namespace (`label:skill`). */
export const mcpServersConfigSchema = z.record(
  z.string().regex(MCP_SERVER_LABEL_PATTERN, {
    message:
      'A server label is lowercase letters, digits and single hyphens (it prefixes skill names: label:skill).',
  }),
  mcpServerConfigSchema,
);

/** One MCP skill server of a config file, as validated. */
export type McpServerConfig = z.output<typeof mcpServerConfigSchema>;
