import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { skillDiagnostics } from '../../apps/web/src/editor/skill-diagnostics.ts';
import { runSkillset } from '../support/run-skillset.ts';

const CASES: Record<string, { folder: string; text: string }> = {
  valid: { folder: 'ok', text: '---\nname: ok\ndescription: Fine.\n---\nBody\n' },
  'missing description': { folder: 'demo', text: '---\nname: demo\n---\nBody\n' },
  'bad name and folder mismatch': {
    folder: 'demo',
    text: '---\nname: Bad--Name\ndescription: x\n---\n',
  },
  'broken YAML': { folder: 'demo', text: '---\nname: demo\ndescription: [a, b\ntags: x\n---\n' },
  'unclosed frontmatter': { folder: 'demo', text: '---\nname: demo\ndescription: x\n' },
  'no frontmatter': { folder: 'demo', text: '# Just a title\n' },
  'unknown field and repaired colon': {
    folder: 'demo',
    text: '---\nname: demo\ndescription: Use it: often\nflavour: sweet\narguments:\n  - name: n\n    type: float\n---\n',
  },
};

describe('the editor diagnostics', () => {
  it.each(
    Object.entries(CASES),
  )('equal skillset validate --json for %s', async (label, example) => {
    await using temp = await createTempDir();
    const folder = path.join(temp.path, example.folder);
    await mkdir(folder);
    await writeFile(path.join(folder, 'SKILL.md'), example.text);
    const run = await runSkillset(['validate', '--json', folder], { cwd: temp.path });
    const [result] = (
      JSON.parse(run.stdout) as { results: Array<{ issues: Array<{ code: string }> }> }
    ).results;
    const ui = skillDiagnostics(example.text, { folderName: example.folder });
    expect(ui).toEqual(result?.issues);
    if (label !== 'valid') expect(ui.length).toBeGreaterThan(0);
  });
});
