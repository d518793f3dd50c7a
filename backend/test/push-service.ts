import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decrypt } from 'http_ece';
import { generate } from 'selfsigned';
import { pushPayloadSchema, type PushPayload } from '@piste/contracts';

/** A browser's subscription as the test holds it: what it registers, and the private half that decrypts. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

/** One message the push service received for a subscription, checked and decrypted. */
export interface ReceivedPush {
  path: string;
  /** The status the service answered. */
  status: number;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  contentEncoding: string | undefined;
  /** The VAPID key the message was signed with (`k=`). */
  vapidKey: string;
  /** The JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  payload: PushPayload;
}

/** What the service answers for a path: the next status of its queue, then 201. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
}

export interface PushService {
  origin: string;
  /** PUSH_EXTRA_CA_FILE (the service's self-signed certificate) and PUSH_ALLOW_PRIVATE_ENDPOINTS, for the app. */
  env: Record<string, string>;
  received: ReceivedPush[];
  /** Messages whose check failed (a bad signature, a wrong audience, a body that does not decrypt). */
  failures: string[];
  /** A new subscription on this service, with fresh keys. */
  subscription(): TestSubscription;
  /** Answers the next requests for `subscription` with these, in order. */
  answer(subscription: TestSubscription, ...answers: Answer[]): void;
  /** The messages received for `subscription` so far. */
  receivedBy(subscription: TestSubscription): ReceivedPush[];
  /** Waits until `count` messages arrived for `subscription`. */
  waitFor(subscription: TestSubscription, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
}

/**
 * A push service for tests, on a free loopback port over HTTPS with a certificate made for the run. It does what a
 * real one does with a message: checks the VAPID JWT (ES256 over the application server key, the audience its own
 * origin, not expired), decrypts the aes128gcm body with the subscription's private key and auth secret, and
 * answers 201 — or, for a path told so, 410, 429 or whatever the test needs.
 */
export function usePushService(): PushService {
  const service = { env: {}, received: [], failures: [] } as unknown as PushService;
  let server: Server | undefined;
  let folder: string | undefined;

  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
      ],
    });
    folder = await mkdtemp(join(tmpdir(), 'piste-push-'));
    const caFile = join(folder, 'push-service.pem');
    await writeFile(caFile, pems.cert);

    const subscriptions = new Map<string, TestSubscription>();
    const answers = new Map<string, Answer[]>();
    const arrivals = new Set<() => void>();
    let origin = '';

    server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        const answer = answers.get(path)?.shift() ?? { status: 201 };
        try {
          const subscription = subscriptions.get(path);
          if (!subscription) throw new Error(`no subscription at ${path}`);
          const { vapidKey, claims } = checkVapid(request.headers.authorization, origin);
          const body = decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: subscription.ecdh,
            authSecret: subscription.authSecret,
          });
          service.received.push({
            path,
            status: answer.status,
            ttl: request.headers.ttl as string | undefined,
            urgency: request.headers.urgency as string | undefined,
            topic: request.headers.topic as string | undefined,
            contentEncoding: request.headers['content-encoding'],
            vapidKey,
            claims,
            payload: pushPayloadSchema.parse(JSON.parse(body.toString('utf8'))),
          });
          response.writeHead(answer.status, answer.headers).end();
        } catch (err) {
          service.failures.push(`${path}: ${err instanceof Error ? err.message : String(err)}`);
          response.writeHead(400).end();
        }
        arrivals.forEach((arrived) => arrived());
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

    Object.assign(service.env, { PUSH_EXTRA_CA_FILE: caFile, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
    Object.assign(service, {
      origin,
      subscription() {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const authSecret = randomBytes(16);
        const path = `/push/${randomBytes(12).toString('base64url')}`;
        const subscription: TestSubscription = {
          endpoint: `${origin}${path}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
          ecdh,
          authSecret,
        };
        subscriptions.set(path, subscription);
        return subscription;
      },
      answer(subscription: TestSubscription, ...next: Answer[]) {
        answers.set(new URL(subscription.endpoint).pathname, next);
      },
      receivedBy(subscription: TestSubscription) {
        const path = new URL(subscription.endpoint).pathname;
        return service.received.filter((push) => push.path === path);
      },
      waitFor(subscription: TestSubscription, count = 1, timeoutMs = 20_000) {
        return new Promise<ReceivedPush[]>((resolve, reject) => {
          const arrived = () => {
            const pushes = service.receivedBy(subscription);
            if (pushes.length < count) return;
            clearTimeout(timer);
            arrivals.delete(arrived);
            resolve(pushes);
          };
          const timer = setTimeout(() => {
            arrivals.delete(arrived);
            const failures = service.failures.length ? `; failures: ${service.failures.join('; ')}` : '';
            reject(
              new Error(
                `${service.receivedBy(subscription).length} of ${count} push(es) within ${timeoutMs} ms${failures}`,
              ),
            );
          }, timeoutMs);
          arrivals.add(arrived);
          arrived();
        });
      },
    });
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  return service;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 JWT signed with the key `k`, for this
 * service's origin, not expired, with a subject. Returns the key and the claims.
 */
function checkVapid(
  authorization: string | undefined,
  origin: string,
): { vapidKey: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization: ${authorization}`);
  const [, jwt, vapidKey] = match;
  const [header, claimsPart, signature] = jwt.split('.');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const point = Buffer.from(vapidKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claimsPart}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`audience ${claims.aud}, not ${origin}`);
  if (!(claims.exp > Date.now() / 1000)) throw new Error('the JWT has expired');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`subject ${claims.sub}`);
  return { vapidKey, claims };
}
