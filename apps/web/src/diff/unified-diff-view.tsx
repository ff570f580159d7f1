import { Badge, Box, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { DiffLine } from './diff-lines.ts';
import type { DiffBlock } from './fold-diff-lines.ts';
import classes from './unified-diff-view.module.css';

const SIGN = { context: ' ', removed: '−', added: '+' } as const;

function LineText({ line }: { line: DiffLine }) {
  const content =
    line.words === undefined
      ? line.text
      : line.words.map((word, index) =>
          word.changed ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: runs of one line, never reordered
            <mark key={index} className={classes.word}>
              {word.text}
            </mark>
          ) : (
            word.text
          ),
        );
  // `del`, `ins` and `mark` tell assistive technology what the colours show.
  if (line.kind === 'removed') return <del className={classes.text}>{content}</del>;
  if (line.kind === 'added') return <ins className={classes.text}>{content}</ins>;
  return <span className={classes.text}>{content}</span>;
}

function Lines({ lines }: { lines: DiffLine[] }) {
  return lines.map((line) => (
    <div
      key={`${line.kind}-${line.oldNumber ?? ''}-${line.newNumber ?? ''}`}
      className={classes.line}
      data-kind={line.kind}
    >
      <span className={classes.number} aria-hidden>
        {line.oldNumber ?? ''}
      </span>
      <span className={classes.number} aria-hidden>
        {line.newNumber ?? ''}
      </span>
      <span className={classes.sign} aria-hidden>
        {SIGN[line.kind]}
      </span>
      <LineText line={line} />
    </div>
  ));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function Folded({ lines }: { lines: DiffLine[] }) {
  const [open, setOpen] = useState(false);
  const revealed = useRef<HTMLDivElement>(null);
  // The button that had focus is gone once the lines show; focus moves to them instead.
  useEffect(() => {
    if (open) revealed.current?.focus();
  }, [open]);
  if (open)
    return (
      <Box
        ref={revealed}
        tabIndex={-1}
        role="group"
        aria-label={plural(lines.length, 'unchanged line')}
        className={classes.revealed}
      >
        <Lines lines={lines} />
      </Box>
    );
  const first = lines[0]?.newNumber;
  const last = lines.at(-1)?.newNumber;
  return (
    <button type="button" className={classes.fold} onClick={() => setOpen(true)}>
      Show {plural(lines.length, 'unchanged line')}
      {first === undefined || last === undefined ? '' : ` (${first}–${last})`}
    </button>
  );
}

/**
 * A unified diff as GitHub shows one: line numbers of both versions, removed lines above the lines
 * that replaced them with the changed words marked, and unchanged stretches folded away.
 */
export function UnifiedDiffView({
  title,
  status,
  blocks,
  children,
}: {
  /** The file's path. */
  title: string;
  status?: string;
  blocks: DiffBlock[];
  /** Shown instead of lines, e.g. for a binary file. */
  children?: ReactNode;
}) {
  const removed = blocks.flatMap((block) =>
    'lines' in block ? block.lines.filter((line) => line.kind === 'removed') : [],
  ).length;
  const added = blocks.flatMap((block) =>
    'lines' in block ? block.lines.filter((line) => line.kind === 'added') : [],
  ).length;
  return (
    <Box className={classes.diff} role="group" aria-label={`Changes to ${title}`}>
      <div className={classes.header}>
        <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        {status === undefined ? null : (
          <Badge size="xs" variant="light" color="gray" tt="none">
            {status}
          </Badge>
        )}
        {removed + added === 0 ? null : (
          <Text size="xs" c="dimmed">
            {plural(added, 'line')} added, {removed} removed
          </Text>
        )}
      </div>
      {children ?? (
        <div className={classes.lines}>
          {blocks.map((block, index) => {
            const key = `${block.kind}-${index}`;
            if (block.kind === 'lines') return <Lines key={key} lines={block.lines} />;
            if (block.kind === 'folded') return <Folded key={key} lines={block.lines} />;
            return (
              <div key={key} className={classes.gap}>
                {block.count === undefined
                  ? 'Unchanged lines not shown'
                  : `${plural(block.count, 'unchanged line')} not shown`}
              </div>
            );
          })}
        </div>
      )}
    </Box>
  );
}
