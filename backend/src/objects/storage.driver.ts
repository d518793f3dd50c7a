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
 * Where uploaded files live: local disk (one process) or S3-compatible storage (replicas share it). Keys are
 * `{purpose}/{random hex}`; the objects service validates them before any driver sees one.
 */
export interface StorageDriver {
  /**
   * Stores the stream under `key`. If the stream fails, nothing is left behind and the promise rejects with the
   * stream's own error (so an upload refused part-way keeps its reason).
   */
  write(key: string, body: Readable, contentType: string): Promise<void>;
  /** Size and content type, or null when there is no such object. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** The object's bytes, or one range of them; rejects when they cannot be opened. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Every stored key, in batches (for backups: `node backend/dist/backup/objects.js`). */
  keys(): AsyncIterable<string[]>;
  /** Resolves when the storage answers and can take writes; rejects otherwise (the readiness probe). */
  check(): Promise<void>;
}

export const STORAGE_DRIVER = Symbol('STORAGE_DRIVER');
