import { describe, expect, it } from 'vitest';
import { buildFileTree, type FileTreeNode } from './file-tree.ts';

const outline = (nodes: FileTreeNode[]): unknown =>
  nodes.map((node) => (node.kind === 'file' ? node.path : { [node.path]: outline(node.children) }));

describe('buildFileTree', () => {
  it('nests paths into folders, folders first, each sorted by name', () => {
    const tree = buildFileTree([
      'scripts/b.py',
      'README.md',
      'scripts/lib/a.py',
      'assets/x.png',
      'a.txt',
    ]);
    expect(outline(tree)).toEqual([
      { assets: ['assets/x.png'] },
      { scripts: [{ 'scripts/lib': ['scripts/lib/a.py'] }, 'scripts/b.py'] },
      'a.txt',
      'README.md',
    ]);
  });

  it('returns nothing for no files', () => {
    expect(buildFileTree([])).toEqual([]);
  });
});
