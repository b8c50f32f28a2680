export { AppShell as Component } from '../features/shell/app-shell';
