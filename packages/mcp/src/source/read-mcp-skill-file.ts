import {
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
} from '@modelcontextprotocol/client';
import { SkillVerificationError } from '@modelcontextprotocol/client/ext/skills';
import { SkillsetError } from '@skillset/core';
import type { ConnectMcpSkillServerResult } from './connect-mcp-skill-server.ts';
import type { McpSkillEntry } from './read-mcp-skill-entry.ts';

/** Options for {@link readMcpSkillFile}. */
export interface ReadMcpSkillFileOptions {
  connect: () => Promise<ConnectMcpSkillServerResult>;
  entry: McpSkillEntry;
  /** The file's path in the skill, listed in `entry.files`. */
  relative: string;
  label: string;
  /** The skill's name in Skillset, for messages. */
  name: string;
  timeoutMs: number;
  target: () => string;
}

/** The verified bytes, or why the file (and so the skill) is refused. */
export type ReadMcpSkillFileResult =
  | { success: true; bytes: Uint8Array }
  | { success: false; reason: string; details: Record<string, unknown> };

const MISSING_CODES: ReadonlySet<number> = new Set([
  ProtocolErrorCode.InvalidParams,
  ProtocolErrorCode.ResourceNotFound,
]);

/**
 * Reads one listed file with the SDK's `SkillsClient.read`, which checks its size and digest (and,
 * for `SKILL.md`, its frontmatter) against the entry. A check that fails is a refusal with the
 * reason; a server that cannot answer throws.
 */
export async function readMcpSkillFile(
  options: ReadMcpSkillFileOptions,
): Promise<ReadMcpSkillFileResult> {
  const { entry, relative, label } = options;
  const expected = entry.files.get(relative);
  if (expected === undefined) throw new Error(`${relative} is not a file of ${entry.uri}`);
  try {
    const { skills } = await options.connect();
    const file = await skills.read(entry.skill, expected.uri, { timeout: options.timeoutMs });
    return { success: true, bytes: file.bytes };
  } catch (error) {
    if (error instanceof SkillVerificationError && error.reason !== 'unlisted') {
      const details = {
        file: relative,
        uri: expected.uri,
        check: error.reason,
        expectedDigest: expected.digest,
        expectedSize: expected.size,
      };
      if (error.reason === 'frontmatter') {
        return {
          success: false,
          reason: `the frontmatter of ${expected.uri} differs from its entry (${error.differences.join('; ') || error.message}); the content is not used.`,
          details: { ...details, differences: error.differences },
        };
      }
      return {
        success: false,
        reason: `file ${relative} (${expected.uri}) does not match its entry (${expected.digest}, ${expected.size} bytes): ${error.message}. The content is not used; if the server changed the skill, list it again.`,
        details,
      };
    }
    const missing =
      (error instanceof ProtocolError && MISSING_CODES.has(error.code)) ||
      error instanceof SkillVerificationError;
    const unusable = error instanceof SdkError && error.code === SdkErrorCode.InvalidResult;
    throw new SkillsetError({
      code: missing ? 'skill_file_not_found' : 'mcp_server_unavailable',
      message: `MCP server "${label}" (${options.target()}) could not ${unusable ? 'give a usable copy of' : 'read'} ${expected.uri} of skill "${options.name}": ${(error as Error).message}`,
      cause: error,
      details: { server: label, skill: options.name, uri: expected.uri },
    });
  }
}
