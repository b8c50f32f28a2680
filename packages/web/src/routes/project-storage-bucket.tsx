export { FileBrowserPage as Component } from '../features/storage/file-browser-page';
