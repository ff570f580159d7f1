import { Text } from '@mantine/core';
import { parseFileDiff } from './parse-file-diff.ts';
import { UnifiedDiffView } from './unified-diff-view.tsx';

/** One changed file as the server diffs it: added, removed or modified, text or binary. */
export interface FileDiff {
  path: string;
  status: 'added' | 'removed' | 'modified';
  binary: boolean;
  diff: string;
}

/** One changed file's diff from the server, its hunks as lines; a binary file only says so. */
export function FileDiffView({ file }: { file: FileDiff }) {
  return (
    <UnifiedDiffView
      title={file.path}
      status={file.status}
      blocks={file.binary ? [] : parseFileDiff(file.diff)}
    >
      {file.binary ? (
        <Text size="sm" c="gray.7" p="sm">
          A binary file; its content is not shown.
        </Text>
      ) : undefined}
    </UnifiedDiffView>
  );
}
