import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { yamlFrontmatter } from '@codemirror/lang-yaml';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { placeholderHighlight } from './placeholder-highlight.ts';
import { diagnosticRange, type SkillDiagnostic } from './skill-diagnostics.ts';

const theme = EditorView.theme({
  '&': {
    fontSize: '14px',
    border: '1px solid var(--mantine-color-default-border)',
    borderRadius: 'var(--mantine-radius-sm)',
    backgroundColor: 'var(--mantine-color-body)',
  },
  '&.cm-focused': {
    outline: '2px solid var(--mantine-primary-color-filled)',
    outlineOffset: '1px',
  },
  '.cm-scroller': {
    fontFamily: 'var(--mantine-font-family-monospace)',
    minHeight: '420px',
    maxHeight: '70vh',
  },
  '.cm-content': { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
});

/** Props of {@link SkillCodeEditor}. */
export interface SkillCodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  diagnostics: readonly SkillDiagnostic[];
  label: string;
}

/** CodeMirror over a whole `SKILL.md`: Markdown with YAML frontmatter, lint gutter, placeholders. */
export function SkillCodeEditor({ value, onChange, diagnostics, label }: SkillCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is created once; `value` syncs below.
  useEffect(() => {
    const created = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          yamlFrontmatter({ content: markdown() }),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          lintGutter(),
          placeholderHighlight,
          EditorView.lineWrapping,
          theme,
          // An explicit tab stop, so checkers see the scroll area's content as focusable (it is: contenteditable).
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const current = view.current;
    if (current === null || current.state.doc.toString() === value) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const current = view.current;
    if (current === null) return;
    const text = current.state.doc.toString();
    const found: Diagnostic[] = diagnostics.map((diagnostic) => ({
      ...diagnosticRange(text, diagnostic),
      severity: diagnostic.severity,
      message: diagnostic.message,
      source: diagnostic.code,
    }));
    current.dispatch(setDiagnostics(current.state, found));
  }, [diagnostics]);

  return (
    <div>
      <div ref={host} data-testid="skill-code-editor" />
      <Text size="xs" c="dimmed" mt={4}>
        Tab indents; press Esc, then Tab, to move on from the editor.
      </Text>
    </div>
  );
}
