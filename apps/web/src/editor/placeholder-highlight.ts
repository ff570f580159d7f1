import { RangeSetBuilder } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { findPlaceholders } from './find-placeholders.ts';
import { readSkillForm } from './skill-form.ts';

const marks = {
  known: Decoration.mark({ class: 'cm-skill-placeholder' }),
  undeclared: Decoration.mark({
    class: 'cm-skill-placeholder cm-skill-placeholder-undeclared',
    attributes: { title: 'Not a declared argument: left as typed' },
  }),
};

function bodyStart(text: string): number {
  if (!text.startsWith('---')) return 0;
  const close = /\r?\n---[ \t]*(?:\r?\n|$)/.exec(text.slice(3));
  return close === null ? text.length : 3 + close.index + close[0].length;
}

function decorate(view: EditorView): DecorationSet {
  const text = view.state.doc.toString();
  const start = bodyStart(text);
  const form = readSkillForm(text);
  const names = form.editable ? form.values.arguments.map((argument) => argument.name) : [];
  const builder = new RangeSetBuilder<Decoration>();
  for (const match of findPlaceholders(text.slice(start), names)) {
    builder.add(
      start + match.from,
      start + match.to,
      match.kind === 'undeclared' ? marks.undeclared : marks.known,
    );
  }
  return builder.finish();
}

/** Highlights `$ARGUMENTS`, `$N`, `$name` and `{{name}}` in the body of a `SKILL.md`. */
export const placeholderHighlight = [
  ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = decorate(view);
      }
      update(update: ViewUpdate) {
        if (update.docChanged) this.decorations = decorate(update.view);
      }
    },
    { decorations: (plugin) => plugin.decorations },
  ),
  EditorView.baseTheme({
    '.cm-skill-placeholder': {
      backgroundColor: 'rgba(124, 58, 237, 0.14)',
      color: '#6d28d9',
      borderRadius: '3px',
      fontWeight: '600',
    },
    '.cm-skill-placeholder-undeclared': {
      backgroundColor: 'rgba(217, 119, 6, 0.14)',
      color: '#b45309',
    },
  }),
];
