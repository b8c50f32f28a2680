/** CodeMirror 6 with TypeScript: loaded on demand by the files editor, never with a page's first load. */
import { javascript } from '@codemirror/lang-javascript';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

export interface FunctionCodeEditorProps {
  /** Picks the language: .ts/.tsx/.js/.mjs are TypeScript/JavaScript, . anything else plain text. */
  path: string;
  value: string;
  onChange: (value: string) => void;
  label: string;
  readOnly?: boolean;
  dark?: boolean;
}

function languageOf(path: string) {
  if (/\.(m|c)?tsx?$/.test(path)) return [javascript({ typescript: true, jsx: path.endsWith('x') })];
  if (/\.(m|c)?jsx?$/.test(path)) return [javascript({ jsx: path.endsWith('x') })];
  return [];
}

export default function FunctionCodeEditor({ path, value, onChange, label, readOnly = false, dark = false }: FunctionCodeEditorProps) {
  // The label goes on the editable element itself, where screen readers and tests look for it.
  const extensions = useMemo(() => [...languageOf(path), EditorView.contentAttributes.of({ 'aria-label': label })], [path, label]);
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme={dark ? 'dark' : 'light'}
      height="100%"
      className="h-full text-[13px]"
      readOnly={readOnly}
      basicSetup={{ foldGutter: false, tabSize: 2 }}
    />
  );
}
