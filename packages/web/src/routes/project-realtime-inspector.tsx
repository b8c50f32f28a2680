export { RealtimeInspectorPage as Component } from '../features/realtime/inspector-page';
