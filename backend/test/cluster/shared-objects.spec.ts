import type { UploadReply } from '@piste/contracts';
import { makeUser, type ApiClient, type TestUser } from '../helpers';
import { makePng } from '../media-fixtures';
import type { S3Server } from './services';
import { ClusterStack, describeCluster, type Replica } from './harness';

/** Asks replica `client` talks to for an upload URL and PUTs the bytes there. */
async function upload(client: ApiClient, bytes: Buffer, contentType: string): Promise<UploadReply> {
  const ticket = await client.post<UploadReply>('/api/objects/upload', {
    filename: 'bout.png',
    contentType,
    size: bytes.length,
    purpose: 'post',
  });
  expect(ticket.status).toBe(201);
  const put = await client.request('PUT', ticket.body.uploadUrl, new Uint8Array(bytes), {
    'content-type': contentType,
  });
  expect([200, 201]).toContain(put.status);
  expect(put.body).toEqual({ objectPath: ticket.body.objectPath });
  return ticket.body;
}

async function fetchObject(
  replica: Replica,
  path: string,
  user: TestUser,
  headers: Record<string, string> = {},
) {
  const res = await fetch(replica.url + path, { headers: { cookie: user.client.cookie, ...headers } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describeCluster('two replicas with separate disks sharing S3 storage', ['postgres'], () => {
  const stack = new ClusterStack();
  let a: Replica;
  let b: Replica;
  let owner: TestUser;
  let picture: Buffer;
  let objectPath: string;
  let s3: S3Server;

  beforeAll(async () => {
    const postgres = await stack.postgres();
    s3 = await stack.s3();
    // Each replica gets its own DATA_DIR: only the bucket is shared.
    const env = { DATABASE_URL: postgres.url(), ...s3.env };
    [a, b] = await stack.twoReplicas(env);
    owner = await makeUser(a.url);
    picture = makePng(320, 240, [200, 30, 60]);
    objectPath = (await upload(owner.client, picture, 'image/png')).objectPath;
  });
  afterAll(() => stack.cleanup());

  it('stores uploads in the bucket', async () => {
    const keys = await s3.keys();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => objectPath.endsWith(key.split('/').pop()!))).toBe(true);
  });

  it('serves a file uploaded through A from B, byte for byte', async () => {
    const onB = await fetchObject(b, objectPath, owner);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toBe('image/png');
    expect(onB.bytes.length).toBe(picture.length);
    expect(onB.bytes.equals(picture)).toBe(true);
  });

  it('serves byte ranges of it from B with 206 and the exact bytes', async () => {
    const middle = await fetchObject(b, objectPath, owner, { range: 'bytes=16-99' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 16-99/${picture.length}`);
    expect(middle.bytes.equals(picture.subarray(16, 100))).toBe(true);

    const tail = await fetchObject(b, objectPath, owner, { range: `bytes=${picture.length - 50}-` });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(picture.subarray(picture.length - 50))).toBe(true);
  });

  it('serves a file uploaded through B from A too', async () => {
    const other = makePng(64, 64, [10, 120, 200]);
    const uploaded = await upload(owner.client.on(b.url), other, 'image/png');
    const onA = await fetchObject(a, uploaded.objectPath, owner);
    expect(onA.status).toBe(200);
    expect(onA.bytes.equals(other)).toBe(true);
  });
});
