import { Badge } from '../../ui/badge';
import { PgMetaListPage, type PgMetaListConfig } from './pg-meta-list-page';

const mono = (text: string) => <code className="font-mono text-xs">{text}</code>;
const muted = (text: string | null) => <span className="text-xs text-muted">{text ?? ''}</span>;

const INDEXES: PgMetaListConfig<'indexes'> = {
  kind: 'indexes',
  title: 'Indexes',
  description: 'Indexes of your tables.',
  searchParam: 'search',
  rowKey: (index) => index.id,
  localFilter: { param: 'table', label: 'table', matches: (index, table) => index.table === table },
  columns: [
    { header: 'Table', cell: (index) => mono(`${index.schema}.${index.table}`) },
    { header: 'Name', cell: (index) => mono(index.name) },
    { header: 'Definition', cell: (index) => <code className="font-mono text-xs break-all text-muted">{index.index_definition}</code> },
  ],
};

const FUNCTIONS: PgMetaListConfig<'functions'> = {
  kind: 'functions',
  title: 'Functions',
  description: 'Database functions; the exposed ones are callable through /rest/v1/rpc.',
  searchParam: 'search',
  rowKey: (fn) => fn.id,
  columns: [
    { header: 'Name', cell: (fn) => mono(`${fn.schema}.${fn.name}`) },
    { header: 'Arguments', cell: (fn) => muted(fn.argument_types || '–') },
    { header: 'Returns', cell: (fn) => mono(fn.return_type) },
    { header: 'Security', cell: (fn) => (fn.security_definer ? <Badge tone="warning">Definer</Badge> : <Badge>Invoker</Badge>) },
    {
      header: 'search_path',
      cell: (fn) => muted(fn.config_params?.search_path ?? 'not set'),
    },
  ],
};

const EXTENSIONS: PgMetaListConfig<'extensions'> = {
  kind: 'extensions',
  title: 'Extensions',
  description: 'Extensions available to the database, and where the installed ones live.',
  searchParam: 'filter',
  rowKey: (extension) => extension.name,
  columns: [
    { header: 'Name', cell: (extension) => mono(extension.name) },
    { header: 'Schema', cell: (extension) => muted(extension.schema ?? '–') },
    {
      header: 'Version',
      cell: (extension) =>
        extension.installed_version ? <Badge tone="success">{extension.installed_version}</Badge> : muted(extension.default_version),
    },
    { header: 'Description', cell: (extension) => muted(extension.comment) },
  ],
};

const POLICIES: PgMetaListConfig<'policies'> = {
  kind: 'policies',
  title: 'Policies',
  description: 'Row level security policies of your tables.',
  searchParam: 'search',
  rowKey: (policy) => policy.id,
  columns: [
    { header: 'Table', cell: (policy) => mono(`${policy.schema}.${policy.table}`) },
    { header: 'Name', cell: (policy) => policy.name },
    { header: 'Command', cell: (policy) => <Badge>{policy.command}</Badge> },
    { header: 'Roles', cell: (policy) => muted(policy.roles.join(', ')) },
    { header: 'Using', cell: (policy) => <code className="font-mono text-xs break-all text-muted">{policy.definition ?? ''}</code> },
  ],
};

export const IndexesPage = () => <PgMetaListPage config={INDEXES} />;
export const FunctionsPage = () => <PgMetaListPage config={FUNCTIONS} />;
export const ExtensionsPage = () => <PgMetaListPage config={EXTENSIONS} />;
export const PoliciesPage = () => <PgMetaListPage config={POLICIES} />;
