import { describe, expect, it } from 'vitest';
import { renderInlineSkill } from './render-inline-skill.ts';

describe('renderInlineSkill', () => {
  it('wraps the body with the name, the folder and the files', () => {
    const text = renderInlineSkill({
      name: 'deploy',
      dir: '/skills/deploy',
      files: ['SKILL.md', 'scripts/deploy.sh', 'reference.md'],
      body: '\n# Deploy\n\nRun scripts/deploy.sh.\n',
    });
    expect(text).toMatchInlineSnapshot(`
      "<skill name="deploy" dir="/skills/deploy">
      <skill_files>
      scripts/deploy.sh
      reference.md
      </skill_files>

      # Deploy

      Run scripts/deploy.sh.
      </skill>"
    `);
  });

  it('leaves out the folder and the file list when there are none', () => {
    expect(
      renderInlineSkill({ name: 'x', body: 'Body.', files: ['SKILL.md'] }),
    ).toMatchInlineSnapshot(`
      "<skill name="x">
      Body.
      </skill>"
    `);
  });

  it('lists at most 50 files and says how many more there are', () => {
    const files = Array.from({ length: 53 }, (_unused, index) => `file-${index + 1}.md`);
    const lines = renderInlineSkill({ name: 'x', body: 'Body.', files }).split('\n');
    expect(lines.filter((line) => line.startsWith('file-'))).toHaveLength(50);
    expect(lines).toContain('file-50.md');
    expect(lines).not.toContain('file-51.md');
    expect(lines).toContain('… and 3 more');
    const capped = renderInlineSkill({ name: 'x', body: 'B', files, maxListedFiles: 2 });
    expect(capped).toContain('file-2.md\n… and 51 more\n</skill_files>');
  });

  it('escapes quotes and ampersands in the folder attribute', () => {
    expect(renderInlineSkill({ name: 'x', body: 'B', dir: '/a "b" & <c>' })).toContain(
      'dir="/a &quot;b&quot; &amp; &lt;c>"',
    );
  });
});
