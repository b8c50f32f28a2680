/** CodeMirror 6 with Postgres SQL: only the SQL editor's lazy route imports this module. */
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import CodeMirror, {
  Decoration,
  EditorView,
  Prec,
  StateEffect,
  StateField,
  keymap,
  type DecorationSet,
  type ReactCodeMirrorRef,
} from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef } from 'react';

/** The UTF-16 offset of Postgres's error position (1-based, counted in code points). */
export function offsetOf(text: string, position: number): number {
  let offset = 0;
  let index = 1;
  for (const char of text) {
    if (index >= position) break;
    offset += char.length;
    index += 1;
  }
  return offset;
}

const setErrorAt = StateEffect.define<number | null>();
const errorMark = Decoration.mark({ class: 'cm-sql-error', attributes: { 'data-testid': 'sql-error-mark' } });

/** Underlines the word at the error's position until the text changes. */
const errorField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = transaction.docChanged ? Decoration.none : marks;
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorAt)) continue;
      if (effect.value === null) next = Decoration.none;
      else {
        const doc = transaction.state.doc;
        const from = Math.min(effect.value, doc.length);
        const word = transaction.state.wordAt(from);
        const to = word && word.from === from ? word.to : Math.min(from + 1, doc.length);
        next = to > from ? Decoration.set([errorMark.range(from, to)]) : Decoration.none;
      }
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const errorTheme = EditorView.baseTheme({
  '.cm-sql-error': { textDecoration: 'underline wavy var(--color-danger, #e5484d)', backgroundColor: 'rgba(229, 72, 77, 0.15)' },
});

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onRun: () => void;
  /** Postgres's 1-based error position in `value`, highlighted and scrolled to. */
  errorPosition?: number;
  dark?: boolean;
  /** The selected text ('' when nothing is selected), whenever the selection or the text changes. */
  onSelectionChange?: (selected: string) => void;
}

export function CodeEditor({ value, onChange, onRun, errorPosition, dark = false, onSelectionChange }: CodeEditorProps) {
  const editor = useRef<ReactCodeMirrorRef>(null);
  const run = useRef(onRun);
  run.current = onRun;
  const selected = useRef(onSelectionChange);
  selected.current = onSelectionChange;

  const extensions = useMemo(
    () => [
      sql({ dialect: PostgreSQL }),
      Prec.highest(keymap.of([{ key: 'Mod-Enter', preventDefault: true, run: () => (run.current(), true) }])),
      errorField,
      errorTheme,
      EditorView.updateListener.of((update) => {
        if (!update.selectionSet && !update.docChanged) return;
        const { from, to } = update.state.selection.main;
        selected.current?.(update.state.sliceDoc(from, to));
      }),
    ],
    [],
  );

  // The position belongs to the text that ran: mark it once the view has that text.
  useEffect(() => {
    const view = editor.current?.view;
    if (!view) return;
    if (errorPosition === undefined) {
      view.dispatch({ effects: setErrorAt.of(null) });
      return;
    }
    const offset = offsetOf(view.state.doc.toString(), errorPosition);
    view.dispatch({ effects: [setErrorAt.of(offset), EditorView.scrollIntoView(offset, { y: 'center' })], selection: { anchor: offset } });
  }, [errorPosition]);

  return (
    <CodeMirror
      ref={editor}
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme={dark ? 'dark' : 'light'}
      height="100%"
      className="h-full text-[13px]"
      aria-label="SQL editor"
      basicSetup={{ foldGutter: false }}
      autoFocus
    />
  );
}
