import { Box, Code, Grid, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFile, IconFolder } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { SkillDetail } from '../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { buildFileTree, type FileTreeNode } from './file-tree.ts';
import { type SkillKey, useSkillFileText } from './skill-queries.ts';

const TEXT_MIME = /^(text\/|application\/(json|xml|yaml|x-yaml|javascript|x-sh|toml))/;

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function TreeNodes({
  nodes,
  depth,
  selected,
  onSelect,
}: {
  nodes: FileTreeNode[];
  depth: number;
  selected: string | undefined;
  onSelect: (path: string) => void;
}) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {nodes.map((node) => (
        <li key={`${node.kind}:${node.path}`}>
          {node.kind === 'folder' ? (
            <>
              <Text size="sm" c="dimmed" pl={depth * 14} py={3} style={{ display: 'flex', gap: 6 }}>
                <IconFolder size={16} aria-hidden /> {node.name}/
              </Text>
              <TreeNodes
                nodes={node.children}
                depth={depth + 1}
                selected={selected}
                onSelect={onSelect}
              />
            </>
          ) : (
            <UnstyledButton
              onClick={() => onSelect(node.path)}
              aria-current={selected === node.path ? 'true' : undefined}
              w="100%"
              pl={depth * 14 + 4}
              py={3}
              style={{
                display: 'flex',
                gap: 6,
                fontSize: 'var(--mantine-font-size-sm)',
                borderRadius: 'var(--mantine-radius-sm)',
                overflowWrap: 'anywhere',
                background: selected === node.path ? 'var(--mantine-color-indigo-0)' : undefined,
              }}
            >
              <IconFile size={16} aria-hidden style={{ flexShrink: 0 }} /> {node.name}
            </UnstyledButton>
          )}
        </li>
      ))}
    </ul>
  );
}

function FileViewer({
  skill,
  path,
  reveal,
}: {
  skill: SkillKey & { detail: SkillDetail };
  path: string;
  reveal: boolean;
}) {
  const file = skill.detail.files.find((each) => each.path === path);
  const isText = file !== undefined && TEXT_MIME.test(file.mime);
  const text = useSkillFileText(skill, isText ? path : undefined);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewer = ref.current;
    if (!reveal || viewer === null) return;
    const top = viewer.getBoundingClientRect().top;
    // Under the fixed header or too low to show the text: bring the viewer up below the header.
    if (top < parseFloat(getComputedStyle(viewer).scrollMarginTop) || top > innerHeight * 0.6) {
      viewer.scrollIntoView({ block: 'start' });
    }
  }, [reveal]);
  if (file === undefined) return null;
  return (
    <Stack
      gap="xs"
      ref={ref}
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 16px)' }}
    >
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {file.path}{' '}
        <Text span size="xs" c="dimmed" fw={400}>
          {file.mime} · {formatSize(file.size)}
        </Text>
      </Text>
      {!isText ? (
        <Text size="sm" c="dimmed">
          A binary file; download the skill as a ZIP to get it.
        </Text>
      ) : text.isPending ? (
        <LoadingState label="Loading the file…" />
      ) : text.isError ? (
        <ErrorState error={text.error} onRetry={() => text.refetch()} />
      ) : (
        <ScrollArea.Autosize
          mah={520}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': file.path }}
        >
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {text.data}
          </Code>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

/**
 * The skill's files (besides SKILL.md) as a tree, with a viewer for the selected one (the first
 * file when none or an unknown one is selected), scrolled into sight when a file was asked for.
 */
export function FilesPanel({
  skill,
  selected: requested,
  onSelect,
}: {
  skill: SkillKey & { detail: SkillDetail };
  selected: string | undefined;
  onSelect: (path: string) => void;
}) {
  const files = skill.detail.files;
  const selected = files.some((file) => file.path === requested) ? requested : files[0]?.path;
  if (files.length === 0) {
    return <EmptyState title="No other files">This skill is just its SKILL.md.</EmptyState>;
  }
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Paper withBorder p="xs">
          <Box component="nav" aria-label="Files">
            <TreeNodes
              nodes={buildFileTree(files.map((file) => file.path))}
              depth={0}
              selected={selected}
              onSelect={onSelect}
            />
          </Box>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        {selected === undefined ? null : (
          <FileViewer
            key={selected}
            skill={skill}
            path={selected}
            reveal={selected === requested}
          />
        )}
      </Grid.Col>
    </Grid>
  );
}
