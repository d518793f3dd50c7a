import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { S3Config } from '../config/config';
import type { ByteRange, StorageDriver, StoredObjectInfo } from './storage.driver';

/** S3's smallest multipart part; an upload holds at most `UPLOAD_QUEUE` + 1 of them in memory. */
const PART_BYTES = 5 * 1024 * 1024;
const UPLOAD_QUEUE = 2;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO …), so every replica serves every upload. The bucket must
 * exist: operators (or docker-compose) create it, never the app.
 */
export class S3StorageDriver implements StorageDriver, OnApplicationShutdown {
  private readonly bucket: string;
  private readonly client: S3Client;
  /** The readiness probe's own client, so a dead endpoint answers it within about a second. */
  private readonly probe: S3Client;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    const shared: S3ClientConfig = {
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums on every request make the SDK send streamed bodies in aws-chunked framing, which some
      // S3-compatible servers store as the object's bytes; S3 itself does not require them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.client = new S3Client({
      ...shared,
      requestHandler: {
        connectionTimeout: 3_000,
        // Time until the reply's headers; a download's body may then take as long as the viewer needs.
        requestTimeout: 30_000,
        throwOnRequestTimeout: true,
        // Each object being served holds a socket for its whole download (a paused video too).
        httpAgent: { keepAlive: true, maxSockets: 256 },
        httpsAgent: { keepAlive: true, maxSockets: 256 },
      },
    });
    this.probe = new S3Client({
      ...shared,
      // One attempt bounded by the request timeout (connecting included): the probe answers within a second.
      // Retrying here would wait out a 503's Retry-After (up to 5 s more, and MinIO sends one while it
      // starts); readiness is polled anyway, so the next poll is the retry.
      maxAttempts: 1,
      requestHandler: { connectionTimeout: 500, requestTimeout: 1_000, throwOnRequestTimeout: true },
    });
  }

  /**
   * Streams the body to the bucket in parts, so a large upload is never held whole in memory (one smaller than
   * a part is sent as a single PUT). When the body fails (an upload refused part-way), no object is created.
   */
  async write(key: string, body: Readable, contentType: string): Promise<void> {
    let bodyError: unknown;
    const onBodyError = (err: unknown) => {
      bodyError ??= err;
    };
    body.on('error', onBodyError);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: UPLOAD_QUEUE,
      // On failure the SDK aborts the multipart upload, removing the parts already sent.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      body.destroy();
      // If the abort fails too, the SDK rejects with that failure instead; the body's own error is the reason
      // the caller needs. Parts an abort could not remove are no object (never listed or served) and go with
      // the bucket's lifecycle rule for incomplete multipart uploads.
      throw bodyError ?? err;
    } finally {
      body.off('error', onBodyError);
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      if (head.ContentLength === undefined || !head.ContentType) return null;
      return { size: head.ContentLength, contentType: head.ContentType };
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const reply = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!(reply.Body instanceof Readable)) throw new Error(`No readable body for object ${key}`);
    return reply.Body;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *keys(): AsyncIterable<string[]> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      yield (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    }
  }

  async check(): Promise<void> {
    await this.probe.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Runs after the HTTP server has stopped, so no upload or download still needs the connections. */
  onApplicationShutdown(): void {
    this.client.destroy();
    this.probe.destroy();
  }
}
