import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadPurpose, UploadReply } from '@piste/contracts';
import { ApiClient, makeUser, useTestApp, type TestUser } from './helpers';

/**
 * One app storing uploads on local disk in a directory of its own, with a signed-in owner, for a file of
 * upload and serving tests.
 */
export function useUploads() {
  const t = useTestApp({}, { ownDataDir: true });
  let owner: TestUser;
  beforeAll(async () => {
    owner = await makeUser(t);
  });
  return {
    t,
    /** The signed-in user who uploads (known once the tests run). */
    get owner(): TestUser {
      return owner;
    },
    /** Asks for an upload URL. */
    ticket: (body?: unknown, user = owner) => user.client.post<UploadReply>('/api/objects/upload', body),
    /** PUTs bytes to an upload URL, by default without a session (the URL is the permission). */
    put: (url: string, bytes: Uint8Array | Buffer, contentType: string, client = new ApiClient(t.url)) =>
      client.request('PUT', url, new Uint8Array(bytes), { 'content-type': contentType }),
    /** GETs an object as `user` (the owner by default). */
    async fetchObject(path: string, headers: Record<string, string> = {}, user = owner) {
      const res = await fetch(t.url + path, { headers: { cookie: user.client.cookie, ...headers } });
      return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
    },
    /** Unfinished upload files left on disk for a purpose. */
    async partFiles(purpose: UploadPurpose): Promise<string[]> {
      const dir = join(t.config.dataDir, 'objects', purpose);
      return (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.part'));
    },
  };
}
