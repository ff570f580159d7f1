// A 2026-07-28 MCP server built with the official SDK v2 (`McpServer` + `SkillsExtension` over a
// custom skill source), serving both eras, with faults a test can set: tampered files, files left
// out of the manifest, an entry frontmatter that lies. In-process over HTTP with
// `createV2SkillsServer`; over stdio when run: node v2-skills-server.ts
import { createMcpHandler, type McpHttpHandler, McpServer } from '@modelcontextprotocol/server';
import {
  type Skill,
  type SkillSource,
  SkillsExtension,
  skillEntry,
} from '@modelcontextprotocol/server/ext/skills';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

/** One skill of the server, with its faults. */
export interface V2ServedSkill {
  /** The skill path: `deploy` is served at `skill://deploy/SKILL.md`. */
  path: string;
  /** The files the entry describes, by path in the skill. */
  files: Record<string, string>;
  /** What `resources/read` returns instead, by path. */
  served?: Record<string, string>;
  /** Files served but left out of the entry's resources. */
  unlisted?: string[];
  /** Frontmatter fields the entry claims instead of the file's. */
  frontmatter?: Record<string, unknown>;
  /** The entry's `_meta`. */
  meta?: Record<string, unknown>;
}

/** A running in-process server: its handler, a `fetch` for a client, and every URI it was asked to read. */
export interface V2SkillsServer {
  handler: McpHttpHandler;
  url: string;
  fetch: typeof fetch;
  reads: string[];
  /** Replaces what the server serves (the next `skills/list` sees it). */
  serve: (skills: V2ServedSkill[]) => void;
}

/** A skill file's text: frontmatter from `fields`, then the body. */
export function skillText(fields: Record<string, string>, body: string): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${value}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}\n`;
}

/** The skills the stdio server serves. */
export const V2_DEFAULT_SKILLS: V2ServedSkill[] = [
  {
    path: 'good',
    files: {
      'SKILL.md': skillText(
        { name: 'good', description: 'A good skill from a v2 server' },
        'Good.',
      ),
    },
  },
  {
    path: 'team/deploy',
    files: {
      'SKILL.md': skillText(
        { name: 'deploy', description: 'Deploys, served as team:deploy' },
        'Go.',
      ),
    },
  },
];

async function entryOf(served: V2ServedSkill): Promise<Skill> {
  const entry = await skillEntry(served.path, served.files);
  const unlisted = new Set((served.unlisted ?? []).map((file) => `skill://${served.path}/${file}`));
  return {
    ...entry,
    frontmatter: { ...entry.frontmatter, ...served.frontmatter } as Skill['frontmatter'],
    ...(served.meta === undefined ? {} : { _meta: served.meta }),
    resources:
      entry.resources === 'dynamic'
        ? 'dynamic'
        : entry.resources.filter((resource) => !unlisted.has(resource.uri)),
  };
}

function createSource(state: { skills: V2ServedSkill[] }, reads: string[]): SkillSource {
  const entries = () => Promise.all(state.skills.map(entryOf));
  return {
    list: async () => ({ skills: await entries() }),
    get: async (uri) => (await entries()).find((entry) => entry.uri === uri),
    read: async (uri) => {
      reads.push(uri);
      for (const served of state.skills) {
        for (const [file, text] of Object.entries(served.files)) {
          if (`skill://${served.path}/${file}` === uri) {
            return { text: served.served?.[file] ?? text, mimeType: 'text/markdown' };
          }
        }
      }
      return undefined;
    },
  };
}

function factoryOf(extension: SkillsExtension) {
  return () => {
    const server = new McpServer({ name: 'v2-skills', version: '1.0.0' });
    extension.attach(server);
    return server;
  };
}

/** Starts an in-process v2 server over `skills`, reached through the returned `fetch` (no port). */
export function createV2SkillsServer(skills: V2ServedSkill[]): V2SkillsServer {
  const state = { skills };
  const reads: string[] = [];
  const extension = new SkillsExtension({
    source: createSource(state, reads),
    onWarning: () => undefined,
  });
  const handler = createMcpHandler(factoryOf(extension));
  return {
    handler,
    url: 'http://v2-skills.test/mcp',
    fetch: (input, init) => handler.fetch(new Request(input, init)),
    reads,
    serve: (next) => {
      state.skills = next;
    },
  };
}

if (import.meta.main) {
  const extension = new SkillsExtension({
    source: createSource({ skills: V2_DEFAULT_SKILLS }, []),
    onWarning: () => undefined,
  });
  serveStdio(factoryOf(extension));
}
