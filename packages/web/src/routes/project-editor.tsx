export { TableEditorPage as Component } from '../features/table-editor/table-editor-page';
