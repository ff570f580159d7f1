import { skillText, type TestZipEntry } from '../server/skills-test-support.ts';

const SYMLINK = 0o120777 * 0x10000;

/**
 * Hostile ZIP packages of a skill `demo`, by label: each tries to escape its root, smuggle a link
 * or a device, or break the path limits. `escapeName` names the file an escape would create.
 */
export function hostileZipEntries(escapeName: string): Record<string, TestZipEntry[]> {
  const skill: TestZipEntry = { name: 'demo/SKILL.md', content: skillText('demo', 'Version two.') };
  return {
    'zip-slip': [skill, { name: `../${escapeName}`, content: 'x' }],
    'zip-slip inside the folder': [skill, { name: `demo/../../${escapeName}`, content: 'x' }],
    'backslash zip-slip': [skill, { name: `demo\\..\\..\\${escapeName}`, content: 'x' }],
    'absolute path': [skill, { name: `/tmp/${escapeName}`, content: 'x' }],
    'drive letter': [skill, { name: `C:/${escapeName}`, content: 'x' }],
    'symbolic link to /etc/passwd': [
      skill,
      { name: 'demo/passwd', content: '/etc/passwd', externalAttributes: SYMLINK },
    ],
    'symbolic link to a parent folder': [
      skill,
      { name: 'demo/up', content: '../..', externalAttributes: SYMLINK },
    ],
    'SKILL.md as a symbolic link': [
      { name: 'demo/SKILL.md', content: '/etc/passwd', externalAttributes: SYMLINK },
    ],
    'link then a file through it': [
      skill,
      { name: 'demo/out', content: '/tmp', externalAttributes: SYMLINK },
      { name: `demo/out/${escapeName}`, content: 'x' },
    ],
    'NUL in a name': [skill, { name: 'demo/a\u0000.md', content: 'x' }],
    'device entry': [skill, { name: 'demo/fifo', externalAttributes: 0o010644 * 0x10000 }],
    'path of 6,000 characters': [skill, { name: `demo/${'a'.repeat(6000)}`, content: 'x' }],
    'path of 3,000 levels': [skill, { name: `demo/${'a/'.repeat(3000)}x.md`, content: 'x' }],
    'case-insensitive duplicate': [
      skill,
      { name: 'demo/Notes.md', content: 'a' },
      { name: 'demo/notes.md', content: 'b' },
    ],
  };
}
