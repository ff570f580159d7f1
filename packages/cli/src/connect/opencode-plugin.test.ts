import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { renderOpencodePlugin } from './opencode-plugin.ts';

interface Part {
  id: string;
  sessionID: string;
  messageID: string;
  type: string;
  text: string;
  synthetic?: boolean;
}

type Hooks = {
  'chat.message': (input: { sessionID: string }, output: { parts: Part[] }) => Promise<void>;
  'experimental.chat.system.transform': (
    input: { sessionID: string },
    output: { system: string[] },
  ) => Promise<void>;
};

/** Loads the rendered plugin with `command` as the hook, in a project at `<dir>/project`. */
async function loadPlugin(dir: string, command: string) {
  const file = path.join(dir, 'skillset.mjs');
  await writeFile(file, renderOpencodePlugin(command));
  const module = (await import(pathToFileURL(file).href)) as {
    SkillsetPlugin: (context: { directory: string; worktree: string }) => Promise<Hooks>;
  };
  const project = path.join(dir, 'project');
  await mkdir(project, { recursive: true });
  return { project, hooks: await module.SkillsetPlugin({ directory: project, worktree: project }) };
}

const prompt = (): { parts: Part[] } => ({
  parts: [
    { id: 'prt_01', sessionID: 'ses_1', messageID: 'msg_1', type: 'text', text: 'file my taxes' },
  ],
});

const entry = (name: string, location: string) =>
  `  <skill>\n    <name>${name}</name>\n    <description>About ${name}.</description>\n    <location>${location}</location>\n  </skill>\n`;

describe('the OpenCode plugin connect writes', () => {
  it('adds the hook answer beside the prompt and keeps only unranked skills in the listing', async () => {
    await using dir = await createTempDir();
    const input = path.join(dir.path, 'input.json');
    const { project, hooks } = await loadPlugin(
      dir.path,
      `cat > '${input}'; printf '%s' '{"additionalContext":"Skills that may fit: tax-summary"}'`,
    );
    const system = [
      `Intro.\n<available_skills>\n${entry('tax-summary', path.join(project, '.opencode/skills/tax-summary/SKILL.md'))}${entry('moon', path.join(project, '.agents/skills/moon/SKILL.md'))}${entry('customize-opencode', '<built-in>')}${entry('elsewhere', '/opt/skills/elsewhere/SKILL.md')}</available_skills>`,
    ];
    const before = { system: [...system] };
    await hooks['experimental.chat.system.transform']({ sessionID: 'ses_1' }, before);
    expect(before.system).toEqual(system);

    const message = prompt();
    await hooks['chat.message']({ sessionID: 'ses_1' }, message);
    expect(JSON.parse(await readFile(input, 'utf8'))).toEqual({
      hook_event_name: 'chat.message',
      session_id: 'ses_1',
      cwd: project,
      prompt: 'file my taxes',
    });
    expect(message.parts[1]).toEqual({
      id: 'prt_01s',
      sessionID: 'ses_1',
      messageID: 'msg_1',
      type: 'text',
      text: 'Skills that may fit: tax-summary',
      synthetic: true,
    });

    const after = { system: [...system] };
    await hooks['experimental.chat.system.transform']({ sessionID: 'ses_1' }, after);
    expect(after.system[0]).toContain('<name>customize-opencode</name>');
    expect(after.system[0]).toContain('<name>elsewhere</name>');
    expect(after.system[0]).not.toContain('<name>tax-summary</name>');
    expect(after.system[0]).not.toContain('<name>moon</name>');
    expect(after.system[0]).toMatch(
      /<\/available_skills>\nMore skills are available: those relevant to each request are listed with it/,
    );
    // Another session, where Skillset has not answered, keeps OpenCode's own listing.
    const other = { system: [...system] };
    await hooks['experimental.chat.system.transform']({ sessionID: 'ses_2' }, other);
    expect(other.system).toEqual(system);
  });

  it('leaves the prompt and the listing alone when Skillset cannot answer', async () => {
    await using dir = await createTempDir();
    const { project, hooks } = await loadPlugin(dir.path, 'skillset-missing-here hook opencode');
    const message = prompt();
    await hooks['chat.message']({ sessionID: 'ses_1' }, message);
    expect(message.parts).toHaveLength(1);
    const system = [
      `<available_skills>\n${entry('tax-summary', path.join(project, '.opencode/skills/tax-summary/SKILL.md'))}</available_skills>`,
    ];
    const output = { system: [...system] };
    await hooks['experimental.chat.system.transform']({ sessionID: 'ses_1' }, output);
    expect(output.system).toEqual(system);
  });

  it('treats an answer with only a problem on stderr as no answer', async () => {
    await using dir = await createTempDir();
    const { hooks } = await loadPlugin(dir.path, "echo 'skillset hook: no index' >&2");
    const message = prompt();
    await hooks['chat.message']({ sessionID: 'ses_1' }, message);
    expect(message.parts).toHaveLength(1);
    const output = { system: ['<available_skills>\n</available_skills>'] };
    await hooks['experimental.chat.system.transform']({ sessionID: 'ses_1' }, output);
    expect(output.system).toEqual(['<available_skills>\n</available_skills>']);
  });
});
