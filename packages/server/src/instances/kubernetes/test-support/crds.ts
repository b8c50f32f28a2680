/**
 * Validation of documents against the vendored CloudNativePG CRDs (../crds/), for tests: what the
 * API server would check before the operator sees an object.
 * - The `openAPIV3Schema` of each CRD, compiled with ajv. Objects are closed as the API server's
 *   strict field validation closes them (a field the schema does not list is an error, unless the
 *   schema keeps unknown fields), so a misspelt field fails here instead of being dropped there.
 * - The CEL rules (`x-kubernetes-validations`) ajv cannot run: every rule a document reaches must
 *   have a JavaScript twin below, or the check fails and names it.
 * - `metadata`, which CRD schemas leave open: names, labels and annotations as Kubernetes wants them.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

type Schema = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean | Schema;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-validations'?: { rule: string; message?: string }[];
};

const CRD_DIR = join(import.meta.dirname, '..', 'crds');
const FILES: Record<string, string> = {
  Cluster: 'postgresql.cnpg.io_clusters.yaml',
  Backup: 'postgresql.cnpg.io_backups.yaml',
  ScheduledBackup: 'postgresql.cnpg.io_scheduledbackups.yaml',
  Pooler: 'postgresql.cnpg.io_poolers.yaml',
};

export const CRD_KINDS = Object.keys(FILES);

interface Loaded {
  schema: Schema;
  validate: ValidateFunction;
  crd: { spec: { group: string; names: { kind: string; plural: string; singular: string }; scope: string; versions: { name: string }[] } };
}

const loaded = new Map<string, Loaded>();
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

/** The CRD of a kind, and its schema compiled (once per process: the Cluster's is ~470 kB of YAML). */
export function crdOf(kind: string): Loaded {
  const cached = loaded.get(kind);
  if (cached) return cached;
  const file = FILES[kind];
  if (!file) throw new Error(`No vendored CRD for ${kind}`);
  const crd = parse(readFileSync(join(CRD_DIR, file), 'utf8')) as Loaded['crd'];
  const versions = crd.spec.versions as { name: string; schema: { openAPIV3Schema: Schema } }[];
  const version = versions.find((each) => each.name === 'v1');
  if (!version) throw new Error(`${file} has no v1 version`);
  const schema = version.schema.openAPIV3Schema;
  const entry = { schema, validate: ajv.compile(closeObjects(structuredClone(schema))), crd };
  loaded.set(kind, entry);
  return entry;
}

/** Objects with listed properties accept no others, as the API server's strict field validation. */
function closeObjects(schema: Schema): Schema {
  if (schema.properties) {
    for (const child of Object.values(schema.properties)) closeObjects(child);
    if (schema.additionalProperties === undefined && !schema['x-kubernetes-preserve-unknown-fields']) schema.additionalProperties = false;
  }
  if (schema.items) closeObjects(schema.items);
  if (typeof schema.additionalProperties === 'object') closeObjects(schema.additionalProperties);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((each) => closeObjects(each as Schema));
  }
  return schema;
}

/**
 * JavaScript twins of the CEL rules a Basin document can reach, by rule text. `old` is the value
 * before an update (undefined on create, where transition rules do not run).
 */
type Rec = Record<string, unknown>;
const has = (self: Rec, key: string) => self[key] !== undefined;
const same = (self: unknown, old: unknown) => old === undefined || JSON.stringify(self) === JSON.stringify(old);

const CEL: Record<string, (self: Rec, old: unknown) => boolean> = {
  '!(has(self.imageCatalogRef) && has(self.imageName))': (self) => !(has(self, 'imageCatalogRef') && has(self, 'imageName')),
  "!has(self.builtinLocale) || self.localeProvider == 'builtin'": (self) =>
    !has(self, 'builtinLocale') || self.localeProvider === 'builtin',
  "!has(self.icuLocale) || self.localeProvider == 'icu'": (self) => !has(self, 'icuLocale') || self.localeProvider === 'icu',
  "!has(self.icuRules) || self.localeProvider == 'icu'": (self) => !has(self, 'icuRules') || self.localeProvider === 'icu',
  '!(has(self.image) && has(self.imageCatalogRef))': (self) => !(has(self, 'image') && has(self, 'imageCatalogRef')),
  'self == oldSelf': same,
  'oldSelf == self': same,
  "self.kind == 'ImageCatalog' || self.kind == 'ClusterImageCatalog'": (self) =>
    self.kind === 'ImageCatalog' || self.kind === 'ClusterImageCatalog',
  "self.apiGroup == 'postgresql.cnpg.io'": (self) => self.apiGroup === 'postgresql.cnpg.io',
  // spec.postgresql: Basin sets neither the election constraint nor failure domain keys.
  '!(has(self.syncReplicaElectionConstraint) && self.syncReplicaElectionConstraint.enabled && has(self.synchronous) && ((has(self.synchronous.podFailureDomainKeys) && self.synchronous.podFailureDomainKeys.size() > 0) || (has(self.synchronous.nodeFailureDomainKeys) && self.synchronous.nodeFailureDomainKeys.size() > 0)))':
    (self) => !((self.syncReplicaElectionConstraint as Rec | undefined)?.enabled && has(self, 'synchronous')),
};

/** Each CEL rule the document reaches, where, and whether it holds. */
function celFindings(schema: Schema, value: unknown, old: unknown, path: string, out: string[]): void {
  if (value === undefined || value === null) return;
  for (const { rule } of schema['x-kubernetes-validations'] ?? []) {
    const twin = CEL[rule];
    if (!twin) out.push(`${path}: CEL rule without a JavaScript twin in test-support/crds.ts: ${rule}`);
    else if (!twin(value as Rec, old)) out.push(`${path}: fails ${rule}`);
  }
  if (schema.properties && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(schema.properties)) {
      celFindings(
        child,
        (value as Record<string, unknown>)[key],
        (old as Record<string, unknown> | undefined)?.[key],
        `${path}.${key}`,
        out,
      );
    }
  }
  if (schema.items && Array.isArray(value)) value.forEach((item, i) => celFindings(schema.items!, item, undefined, `${path}[${i}]`, out));
}

const DNS_1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function metadataProblems(document: { metadata?: Record<string, unknown> }): string[] {
  const problems: string[] = [];
  const meta = document.metadata ?? {};
  const name = meta.name;
  if (typeof name !== 'string' || name.length > 253 || !DNS_1123_SUBDOMAIN.test(name))
    problems.push(`metadata.name ${JSON.stringify(name)} is not a DNS-1123 subdomain`);
  for (const [field, values] of [
    ['labels', meta.labels],
    ['annotations', meta.annotations],
  ] as const) {
    for (const [key, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
      if (!QUALIFIED_NAME.test(key) || key.split('/').at(-1)!.length > 63) problems.push(`metadata.${field}: bad key ${key}`);
      if (typeof value !== 'string') problems.push(`metadata.${field}.${key} is not a string`);
      else if (field === 'labels' && (value.length > 63 || !LABEL_VALUE.test(value)))
        problems.push(`metadata.labels.${key}: bad value ${value}`);
    }
  }
  return problems;
}

/**
 * Everything wrong with `document` as an object of its kind (an empty list when the API server
 * would take it). `previous` makes it an update: transition rules run against it.
 */
export function crdProblems(object: object, previous?: unknown): string[] {
  const document = object as { apiVersion?: string; kind?: string; metadata?: Record<string, unknown> };
  const kind = document.kind ?? '';
  const { schema, validate, crd } = crdOf(kind);
  const problems = metadataProblems(document);
  if (document.apiVersion !== `${crd.spec.group}/v1`) problems.push(`apiVersion ${document.apiVersion} is not ${crd.spec.group}/v1`);
  if (!validate(document)) problems.push(...(validate.errors ?? []).map(describeError));
  celFindings(schema, document, previous, kind, problems);
  return problems;
}

function describeError(error: ErrorObject): string {
  const extra = error.keyword === 'additionalProperties' ? ` (${(error.params as { additionalProperty: string }).additionalProperty})` : '';
  return `${error.instancePath || '/'} ${error.message ?? error.keyword}${extra}`;
}
