import { LogsExplorerPage } from '../features/logs/explorer-page';

export function Component() {
  return <LogsExplorerPage page="realtime-logs" />;
}
