/**
 * A local HTTP server playing the Kubernetes API for the driver's tests: API discovery for the
 * kinds the driver uses, get/list/apply (server-side apply)/merge patch/delete on namespaced
 * objects kept in memory, and the API server's checks before storing a CloudNativePG object (the
 * vendored CRD's schema and CEL rules, and the operator's webhook rules for Clusters): a document
 * that breaks one is refused with 422, as a real cluster would. Every request is recorded. An
 * `onChange` hook lets a test play the operator.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import type { ClusterManifest, KubeObject } from '../cnpg-types.ts';
import { applyMergePatch } from '../operations.ts';
import { crdOf, crdProblems } from './crds.ts';
import { webhookProblems } from './webhook.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string | undefined;
  body: unknown;
  status: number;
}

type Stored = KubeObject & Record<string, unknown>;

const CORE = [{ kind: 'Secret', plural: 'secrets' }];
const METRICS = [{ kind: 'PodMetrics', plural: 'pods' }];

export class FakeKubeApi {
  readonly requests: RecordedRequest[] = [];
  readonly objects = new Map<string, Stored>();
  /** Called after each stored change (the operator's turn); may change the store. */
  onChange: (object: Stored, previous: Stored | undefined) => void = () => {};
  /** Called before each GET of one object: lets a test advance the operator as time passes. */
  onRead: (object: Stored) => void = () => {};
  #server: Server | undefined;
  #resourceVersion = 1000;

  async start(): Promise<string> {
    this.#server = createServer((request, response) => {
      this.#handle(request, response).catch((error: unknown) => send(response, 500, status(500, String(error))));
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  /** A kubeconfig for this server, as a user with a bearer token. */
  kubeConfig(url: string, namespace: string): KubeConfig {
    const config = new KubeConfig();
    config.loadFromOptions({
      clusters: [{ name: 'fake', server: url, skipTLSVerify: true }],
      users: [{ name: 'basin', token: 'fake-token' }],
      contexts: [{ name: 'fake', cluster: 'fake', user: 'basin', namespace }],
      currentContext: 'fake',
    });
    return config;
  }

  key(apiVersion: string, kind: string, namespace: string, name: string): string {
    return `${apiVersion}|${kind}|${namespace}|${name}`;
  }

  find<T extends KubeObject>(apiVersion: string, kind: string, namespace: string, name: string): T | undefined {
    return this.objects.get(this.key(apiVersion, kind, namespace, name)) as T | undefined;
  }

  /** Stores `object` as the operator would (status included), bumping its resourceVersion. */
  put(object: Stored): void {
    object.metadata.resourceVersion = String(++this.#resourceVersion);
    this.objects.set(this.key(object.apiVersion, object.kind, object.metadata.namespace ?? '', object.metadata.name), object);
  }

  /** Mutating calls (no discovery, no reads), as `METHOD kind name`. */
  writes(): string[] {
    return this.requests
      .filter((r) => r.method !== 'GET' && r.status < 300)
      .map(
        (r) =>
          `${r.method} ${r.path.split('/').slice(-2).join('/')}${r.contentType?.includes('apply') ? ' (apply)' : r.contentType?.includes('merge') ? ' (merge)' : ''}`,
      );
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await readBody(request);
    const body = raw ? JSON.parse(raw) : undefined;
    const record = (code: number) =>
      this.requests.push({
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        contentType: request.headers['content-type'],
        body,
        status: code,
      });
    if (request.headers.authorization !== 'Bearer fake-token') return reply(401, status(401, 'Unauthorized'));
    const answer = this.#route(request.method ?? 'GET', url, request.headers['content-type'], body);
    reply(answer.code, answer.body);

    function reply(code: number, payload: unknown) {
      record(code);
      send(response, code, payload);
    }
  }

  #route(method: string, url: URL, contentType: string | undefined, body: unknown): { code: number; body: unknown } {
    const discovery = this.#discovery(url.pathname);
    if (discovery) return { code: 200, body: discovery };
    const match = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))\/namespaces\/([^/]+)\/([^/]+)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return { code: 404, body: status(404, `no route ${url.pathname}`) };
    const [, core, group, version, namespace, plural, name] = match;
    const apiVersion = core ? 'v1' : `${group}/${version}`;
    const kind = this.#kind(apiVersion, plural!);
    if (!kind) return { code: 404, body: status(404, `the server could not find the requested resource (${plural})`) };
    const key = this.key(apiVersion, kind, namespace!, name ?? '');
    const existing = this.objects.get(key);

    if (method === 'GET' && !name) {
      const selector = url.searchParams.get('labelSelector');
      const items = [...this.objects.values()].filter(
        (each) => each.apiVersion === apiVersion && each.kind === kind && each.metadata.namespace === namespace && matches(each, selector),
      );
      return { code: 200, body: { apiVersion, kind: `${kind}List`, metadata: { resourceVersion: String(this.#resourceVersion) }, items } };
    }
    if (method === 'GET') {
      if (!existing) return { code: 404, body: status(404, `${plural} "${name}" not found`) };
      this.onRead(existing);
      const current = this.objects.get(key);
      return current ? { code: 200, body: current } : { code: 404, body: status(404, `${plural} "${name}" not found`) };
    }
    if (method === 'DELETE') {
      if (!existing) return { code: 404, body: status(404, `${plural} "${name}" not found`) };
      this.objects.delete(key);
      this.onChange({ ...existing, metadata: { ...existing.metadata, deletionTimestamp: new Date().toISOString() } }, existing);
      return { code: 200, body: status(200, 'Success') };
    }
    if (method !== 'PATCH') return { code: 405, body: status(405, method) };

    let next: Stored;
    if (contentType === 'application/apply-patch+yaml') {
      if (url.searchParams.get('fieldManager') !== 'basin')
        return { code: 400, body: status(400, 'fieldManager is required for apply requests') };
      next = existing ? applyMergePatch(existing, body) : this.#newObject(body as Stored);
    } else if (contentType === 'application/merge-patch+json') {
      if (!existing) return { code: 404, body: status(404, `${plural} "${name}" not found`) };
      next = applyMergePatch(existing, body);
    } else return { code: 415, body: status(415, `unsupported patch type ${contentType}`) };

    const problems = this.#admit(next, existing);
    if (problems.length) return { code: 422, body: status(422, `${kind}.postgresql.cnpg.io "${name}" is invalid: ${problems.join('; ')}`) };
    this.put(next);
    this.onChange(next, existing);
    return { code: existing ? 200 : 201, body: this.objects.get(key) };
  }

  #newObject(object: Stored): Stored {
    return { ...object, metadata: { ...object.metadata, uid: randomUUID(), creationTimestamp: new Date().toISOString(), generation: 1 } };
  }

  /** What the API server and the operator's webhook check before storing. */
  #admit(next: Stored, previous: Stored | undefined): string[] {
    if (next.apiVersion === 'v1') return next.kind === 'Secret' && typeof next.metadata.name === 'string' ? [] : ['bad core object'];
    const problems = crdProblems(next, previous);
    if (next.kind === 'Cluster')
      problems.push(...webhookProblems(next as unknown as ClusterManifest, previous as unknown as ClusterManifest | undefined));
    return problems;
  }

  #kind(apiVersion: string, plural: string): string | undefined {
    if (apiVersion === 'v1') return CORE.find((each) => each.plural === plural)?.kind;
    if (apiVersion === 'metrics.k8s.io/v1beta1') return METRICS.find((each) => each.plural === plural)?.kind;
    if (apiVersion !== 'postgresql.cnpg.io/v1') return undefined;
    return ['Cluster', 'Backup', 'ScheduledBackup', 'Pooler'].find((kind) => crdOf(kind).crd.spec.names.plural === plural);
  }

  #discovery(path: string): unknown {
    const list = (groupVersion: string, resources: { kind: string; plural: string }[]) => ({
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion,
      resources: resources.map(({ kind, plural }) => ({
        name: plural,
        singularName: kind.toLowerCase(),
        namespaced: true,
        kind,
        verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
      })),
    });
    if (path === '/api/v1') return list('v1', CORE);
    if (path === '/apis/metrics.k8s.io/v1beta1') return list('metrics.k8s.io/v1beta1', METRICS);
    if (path === '/apis/postgresql.cnpg.io/v1') {
      return list(
        'postgresql.cnpg.io/v1',
        ['Cluster', 'Backup', 'ScheduledBackup', 'Pooler'].map((kind) => ({ kind, plural: crdOf(kind).crd.spec.names.plural })),
      );
    }
    return undefined;
  }
}

function matches(object: Stored, selector: string | null): boolean {
  if (!selector) return true;
  return selector.split(',').every((term) => {
    const [key, value] = term.split('=');
    return object.metadata.labels?.[key!] === value;
  });
}

function status(code: number, message: string) {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: code < 300 ? 'Success' : 'Failure', message, code };
}

function send(response: ServerResponse, code: number, payload: unknown): void {
  response.writeHead(code, { 'content-type': 'application/json' });
  response.end(JSON.stringify(payload));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (data += chunk));
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}
