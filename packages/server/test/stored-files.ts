import type { ApiClient } from './harness.ts';

/**
 * A member putting files in a project's storage and reading them back through the dashboard's
 * Storage routes (/platform/storage/{ref}/...), as the file browser does, and copying one through
 * the project's storage API with its service key.
 */
export function storedFiles(client: ApiClient, ref: string) {
  const base = `/api/platform/storage/${ref}`;
  const objectPath = (bucket: string, key: string) =>
    `${base}/buckets/${encodeURIComponent(bucket)}/objects/${key.split('/').map(encodeURIComponent).join('/')}`;
  const send = (method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}) =>
    fetch(`${client.baseUrl}${path}`, { method, headers: { cookie: client.cookie, origin: client.baseUrl, ...headers }, body });

  return {
    async createBucket(name: string): Promise<void> {
      const created = await client.post(`${base}/buckets`, { name });
      if (created.status !== 201) throw new Error(`bucket ${name}: ${created.status} ${JSON.stringify(created.body)}`);
    },
    /** The upload's answer as it came (a refusal included). */
    tryUpload: (bucket: string, key: string, body: Buffer | string, type = 'application/octet-stream') =>
      send('PUT', objectPath(bucket, key), body, { 'content-type': type }),
    async upload(bucket: string, key: string, body: Buffer | string, type = 'application/octet-stream'): Promise<void> {
      const answer = await this.tryUpload(bucket, key, body, type);
      if (answer.status !== 200) throw new Error(`upload ${bucket}/${key}: ${answer.status} ${await answer.text()}`);
    },
    async download(bucket: string, key: string): Promise<Buffer> {
      const answer = await send('GET', objectPath(bucket, key));
      if (answer.status !== 200) throw new Error(`download ${bucket}/${key}: ${answer.status} ${await answer.text()}`);
      return Buffer.from(await answer.arrayBuffer());
    },
    /** `/storage/v1/object/copy` with the service key: the copy shares the stored bytes (a hard link). */
    async copy(bucket: string, from: string, to: string): Promise<void> {
      const settings = (await client.get(`/api/platform/projects/${ref}/settings`)).body;
      const key = settings.service_api_keys.find((k: { tags: string }) => k.tags === 'service_role').api_key as string;
      const answer = await fetch(`${client.baseUrl}/api/projects/${ref}/gateway/storage/v1/object/copy`, {
        method: 'POST',
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ bucketId: bucket, sourceKey: from, destinationKey: to }),
      });
      if (answer.status !== 200) throw new Error(`copy ${bucket}/${from}: ${answer.status} ${await answer.text()}`);
    },
  };
}
