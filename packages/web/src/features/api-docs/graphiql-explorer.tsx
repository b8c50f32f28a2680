/**
 * GraphiQL itself (the npm package with its Monaco editors, workers served from this origin, no
 * CDN), in a module of its own: the page loads it lazily, as it weighs more than the rest of the
 * dashboard together.
 */
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { GraphiQL } from 'graphiql';
import type { GraphqlFetcher } from './graphql-fetcher';

export default function GraphiqlExplorer({ fetcher, dark }: { fetcher: GraphqlFetcher; dark: boolean }) {
  return <GraphiQL fetcher={fetcher} forcedTheme={dark ? 'dark' : 'light'} defaultEditorToolsVisibility="variables" />;
}
