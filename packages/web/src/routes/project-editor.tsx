export { TableEditorPage as Component } from '../features/database-lists/table-editor-page';
