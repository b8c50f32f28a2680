export { SqlEditorPage as Component } from '../features/sql-editor/sql-editor-page';
