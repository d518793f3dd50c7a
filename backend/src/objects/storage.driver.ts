import type { Readable } from 'node:stream';

/** What the storage knows about a stored object. */
export interface StoredObjectInfo {
  size: number;
  contentType: string;
}

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: local disk now, S3-compatible storage with the scale-out issue. Keys are
 * `{purpose}/{random hex}`; the objects service validates them before any driver sees one.
 */
export interface StorageDriver {
  /** Stores the stream under `key`. If the stream fails, nothing is left behind and the promise rejects. */
  write(key: string, body: Readable, contentType: string): Promise<void>;
  /** Size and content type, or null when there is no such object. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** The object's bytes, or one range of them. */
  read(key: string, range?: ByteRange): Readable;
  delete(key: string): Promise<void>;
}

export const STORAGE_DRIVER = Symbol('STORAGE_DRIVER');
