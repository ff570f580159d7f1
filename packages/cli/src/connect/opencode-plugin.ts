import { agentDefinition } from '../agents/agent-table.ts';

/** The folders OpenCode reads skills from, as the plugin resolves them at run time. */
function folderLists() {
  const definition = agentDefinition('opencode');
  return {
    project: definition.projectReads.map((folder) => folder.path),
    user: definition.userReads.map((folder) => ({ base: folder.base, path: folder.path })),
  };
}

/**
 * The text of Skillset's OpenCode plugin (`.opencode/plugins/skillset.js`). On every prompt
 * (`chat.message`) it runs `command` with `{prompt, cwd, session_id}` on stdin and adds the
 * `additionalContext` it prints — the skills most relevant to the prompt, with their descriptions —
 * as a synthetic part beside the prompt. Once Skillset answered in a session, the system prompt's
 * `<available_skills>` (`experimental.chat.system.transform`) keeps only the skills Skillset does
 * not rank (those outside the folders OpenCode and Skillset both read), so the whole library no
 * longer rides on every request; OpenCode's `skill` tool still loads any skill by name. When
 * Skillset cannot answer, OpenCode's own listing is left as it is.
 */
export function renderOpencodePlugin(command: string): string {
  const folders = folderLists();
  return `// Skillset for OpenCode, written by \`skillset connect opencode\`; \`skillset disconnect opencode\` removes it.
// With every prompt it adds the skills most relevant to it, with their descriptions, beside the
// prompt; OpenCode's own <available_skills> then keeps only skills Skillset does not rank, and its
// skill tool still loads any skill by name.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const COMMAND = ${JSON.stringify(command)};
const PROJECT_FOLDERS = ${JSON.stringify(folders.project)};
const USER_FOLDERS = ${JSON.stringify(folders.user)};
const NOTE = 'More skills are available: those relevant to each request are listed with it; load one with the skill tool.';

function ask(input, cwd) {
  return new Promise((resolve) => {
    const child = spawn(COMMAND, { cwd, shell: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => {
      if (code !== 0 || (stdout.trim() === '' && stderr.trim() !== '')) return resolve(undefined);
      try {
        resolve(stdout.trim() === '' ? {} : JSON.parse(stdout));
      } catch {
        resolve(undefined);
      }
    });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(input));
  });
}

function rankedFolders(directory, worktree) {
  const home = process.env.HOME || os.homedir();
  const config = process.env.XDG_CONFIG_HOME || path.join(home, '.config');
  const dirs = [];
  for (let dir = directory; ; dir = path.dirname(dir)) {
    dirs.push(dir);
    if (!worktree || dir === worktree || path.dirname(dir) === dir) break;
  }
  return [
    ...dirs.flatMap((dir) => PROJECT_FOLDERS.map((folder) => path.join(dir, folder))),
    ...USER_FOLDERS.map((folder) => path.join(folder.base === 'config' ? config : home, folder.path)),
  ];
}

function decode(text) {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

function keepUnranked(system, folders) {
  return system.replace(/<available_skills>([\\s\\S]*?)<\\/available_skills>/, (block, inner) => {
    let dropped = 0;
    const kept = inner.replace(/[ \\t]*<skill>[\\s\\S]*?<\\/skill>\\n?/g, (entry) => {
      const location = /<location>([\\s\\S]*?)<\\/location>/.exec(entry);
      const file = location ? decode(location[1].trim()).replace(/^file:\\/\\//, '') : '';
      if (!folders.some((folder) => file.startsWith(folder + path.sep))) return entry;
      dropped += 1;
      return '';
    });
    return dropped === 0 ? block : \`<available_skills>\${kept}</available_skills>\\n\${NOTE}\`;
  });
}

export const SkillsetPlugin = async ({ directory, worktree }) => {
  const answered = new Set();
  const folders = rankedFolders(directory, worktree);
  return {
    'chat.message': async (input, output) => {
      const prompt = output.parts
        .filter((part) => part.type === 'text' && !part.synthetic)
        .map((part) => part.text)
        .join('\\n');
      const answer = await ask(
        { hook_event_name: 'chat.message', session_id: input.sessionID, cwd: directory, prompt },
        directory,
      );
      if (answer === undefined) return;
      answered.add(input.sessionID);
      const last = output.parts.at(-1);
      if (typeof answer.additionalContext !== 'string' || answer.additionalContext === '' || !last) return;
      output.parts.push({
        id: \`\${last.id}s\`,
        sessionID: last.sessionID,
        messageID: last.messageID,
        type: 'text',
        text: answer.additionalContext,
        synthetic: true,
      });
    },
    'experimental.chat.system.transform': async (input, output) => {
      if (!answered.has(input.sessionID)) return;
      for (const [index, text] of output.system.entries()) {
        output.system[index] = keepUnranked(text, folders);
      }
    },
  };
};
`;
}
