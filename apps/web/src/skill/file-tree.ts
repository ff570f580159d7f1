/** A folder or file of a skill, for the file tree. */
export interface FileTreeNode {
  name: string;
  /** The file's path relative to the skill folder; folders have the path of their prefix. */
  path: string;
  kind: 'folder' | 'file';
  children: FileTreeNode[];
}

/** Builds the sorted tree of a skill's file paths: folders first, then files, each by name. */
export function buildFileTree(paths: readonly string[]): FileTreeNode[] {
  const root: FileTreeNode = { name: '', path: '', kind: 'folder', children: [] };
  for (const path of paths) {
    const parts = path.split('/').filter((part) => part !== '');
    let folder = root;
    parts.forEach((part, index) => {
      const nodePath = parts.slice(0, index + 1).join('/');
      const kind = index === parts.length - 1 ? 'file' : 'folder';
      let child = folder.children.find((each) => each.name === part && each.kind === kind);
      if (child === undefined) {
        child = { name: part, path: nodePath, kind, children: [] };
        folder.children.push(child);
      }
      folder = child;
    });
  }
  const sort = (nodes: FileTreeNode[]): FileTreeNode[] =>
    nodes
      .sort((left, right) =>
        left.kind === right.kind
          ? left.name.localeCompare(right.name)
          : left.kind === 'folder'
            ? -1
            : 1,
      )
      .map((node) => ({ ...node, children: sort(node.children) }));
  return sort(root.children);
}
