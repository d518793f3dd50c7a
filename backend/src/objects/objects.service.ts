import { HttpException, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { EntityManager, Repository } from 'typeorm';
import type {
  MediaType,
  SessionUser,
  UploadPurpose,
  UploadReply,
  uploadRequestSchema,
} from '@piste/contracts';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { defineJob } from '../jobs/job-kind';
import { JobsService } from '../jobs/jobs.service';
import { DISPLAY_CONTENT_TYPE, prepareImage } from './display-image';
import {
  acceptedKind,
  kindOf,
  normalizeContentType,
  PURPOSE_RULES,
  UploadInspector,
  UploadRejectedError,
  type PurposeRule,
} from './media-types';
import { STORAGE_DRIVER, type ByteRange, type StorageDriver, type StoredObjectInfo } from './storage.driver';
import { UploadTicketEntity } from './upload-ticket.entity';
import { imageColumns, imageOfTicket, type UploadedImage } from './uploaded-image';
import { RequestErrorCode } from '../common/request.errors';
import { objectError, ObjectErrorCode, uploadRefused } from './objects.errors';

export type UploadRequest = z.output<typeof uploadRequestSchema>;

const OBJECT_PREFIX = '/objects/';
/** A post image's display version is stored under the original's key with this suffix. */
const DISPLAY_SUFFIX = '-display.webp';
const KEY_PATTERN = /^(post|avatar|club)\/[a-f0-9]{32}(-display\.webp)?$/;
/** Objects only their owner may fetch (an export's archive): never served from /objects. */
const PRIVATE_KEY_PATTERN = /^export\/[a-f0-9]{32}\.zip$/;

/** Removing objects nothing refers to any more; a storage that is away is retried for about an hour. */
const DELETE_OBJECTS = defineJob<{ keys: string[] }>('objects.delete', {
  retryLimit: 8,
  retryDelaySeconds: 30,
  pollSeconds: 1,
});
const TOKEN_PATTERN = /^[a-f0-9]{64}$/;
/** Unused tickets a user may hold at once, so nobody can fill the table. */
const MAX_OPEN_TICKETS = 20;

/** The purpose's rule, tightened to the size the upload request declared when it named a smaller one. */
function sizeRule(rule: PurposeRule, declaredSize: string | null): PurposeRule {
  if (declaredSize === null || Number(declaredSize) >= rule.maxBytes) return rule;
  return { ...rule, maxBytes: Number(declaredSize), tooLarge: 'objects.larger_than_declared' };
}

/** Post images get a display version; avatars are shown small, and videos are served as they are. */
function hasDisplayVersion(purpose: UploadPurpose, contentType: string): boolean {
  return purpose === 'post' && kindOf(contentType) === 'image';
}

function httpErrorOf(err: UploadRejectedError): HttpException {
  const code = err.status === 413 ? RequestErrorCode.TooLarge : RequestErrorCode.UnsupportedType;
  return uploadRefused(code, err.text, err.values);
}

/** A file the server stored itself, and its image versions when it is a post image. */
export interface TrustedUpload {
  objectPath: string;
  image: UploadedImage | null;
}

/** What a PUT to an upload URL brings: its declared type and length, and the body stream. */
export interface IncomingUpload {
  contentType: string | undefined;
  contentLength: number | undefined;
  body: Readable;
}

/** A file a user uploaded and the server stored: its key in the storage, its type, and its display version's key. */
export interface StoredUpload {
  key: string;
  purpose: UploadPurpose;
  contentType: string;
  displayKey: string | null;
}

@Injectable()
export class ObjectsService implements OnModuleInit {
  private readonly logger = new Logger(ObjectsService.name);

  constructor(
    @InjectRepository(UploadTicketEntity) private readonly tickets: Repository<UploadTicketEntity>,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(DELETE_OBJECTS, ({ keys }) => this.deleteNow(keys));
  }

  /** Issues a single-use, expiring upload URL for one file (the spec's profile flow sends no body: an avatar). */
  async issueUpload(user: SessionUser, request: UploadRequest): Promise<UploadReply> {
    const rule = PURPOSE_RULES[request.purpose];
    const contentType = request.contentType ? normalizeContentType(request.contentType) : null;
    if (contentType && !acceptedKind(request.purpose, contentType)) {
      throw uploadRefused(RequestErrorCode.Invalid, rule.wrongType);
    }
    if (request.size !== undefined && request.size > rule.maxBytes) {
      throw uploadRefused(RequestErrorCode.TooLarge, rule.tooLarge);
    }
    await this.tickets
      .createQueryBuilder()
      .delete()
      .where('"userId" = :userId AND "storedAt" IS NULL AND "expiresAt" < now()', { userId: user.id })
      .execute();
    const open = await this.tickets
      .createQueryBuilder('t')
      .where('t."userId" = :userId AND t."usedAt" IS NULL', { userId: user.id })
      .getCount();
    if (open >= MAX_OPEN_TICKETS) {
      throw uploadRefused(RequestErrorCode.TooMany, 'objects.too_many_open');
    }
    const token = randomBytes(32).toString('hex');
    const objectPath = `${OBJECT_PREFIX}${request.purpose}/${randomBytes(16).toString('hex')}`;
    await this.tickets.insert({
      token,
      userId: user.id,
      purpose: request.purpose,
      objectPath,
      contentType,
      declaredSize: request.size !== undefined ? String(request.size) : null,
      expiresAt: new Date(Date.now() + this.config.uploadUrlTtlSeconds * 1000),
    });
    return { uploadUrl: `/api/objects/upload/${token}`, objectPath };
  }

  /**
   * Receives the file for a ticket. The ticket is claimed first (single use, even if the file is then refused);
   * the declared type must suit the purpose, the first bytes must prove it, and the size must fit the limit:
   * the purpose's, or the size the upload request declared. A post image must then decode, and gets its display
   * version before the ticket records it as stored.
   */
  async receiveUpload(token: string, upload: IncomingUpload): Promise<{ objectPath: string }> {
    const ticket = TOKEN_PATTERN.test(token) ? await this.tickets.findOne({ where: { token } }) : null;
    if (!ticket) throw objectError(ObjectErrorCode.TicketNotFound);
    if (ticket.usedAt) throw objectError(ObjectErrorCode.TicketUsed);
    if (ticket.expiresAt.getTime() <= Date.now()) throw objectError(ObjectErrorCode.TicketExpired);

    const rule = sizeRule(PURPOSE_RULES[ticket.purpose], ticket.declaredSize);
    const contentType = normalizeContentType(upload.contentType);
    if (!acceptedKind(ticket.purpose, contentType))
      throw uploadRefused(RequestErrorCode.UnsupportedType, rule.wrongType);
    if (ticket.contentType && ticket.contentType !== contentType) {
      throw objectError(ObjectErrorCode.TypeMismatch);
    }
    if (upload.contentLength !== undefined && upload.contentLength > rule.maxBytes) {
      throw uploadRefused(RequestErrorCode.TooLarge, rule.tooLarge);
    }

    const claimed = await this.tickets
      .createQueryBuilder()
      .update()
      .set({ usedAt: () => 'now()' })
      .where('token = :token AND "usedAt" IS NULL AND "expiresAt" > now()', { token })
      .execute();
    if (!claimed.affected) throw objectError(ObjectErrorCode.TicketUsed);

    const inspector = new UploadInspector(contentType, rule);
    // The driver's write reports the inspector's errors; until it is attached, they must not go unhandled.
    inspector.on('error', () => undefined);
    // A client that goes away mid-upload fails the write instead of leaving it waiting for the end.
    let interrupted = false;
    const abort = () => {
      if (upload.body.readableEnded) return;
      interrupted = true;
      inspector.destroy(new Error('The upload was interrupted'));
    };
    upload.body.once('error', abort).once('close', abort);
    const key = ticket.objectPath.slice(OBJECT_PREFIX.length);
    try {
      await this.storage.write(key, upload.body.pipe(inspector), contentType);
    } catch (err) {
      // Refused part-way: discard the rest of the body so the reply can still reach the client.
      upload.body.unpipe(inspector);
      upload.body.resume();
      if (err instanceof UploadRejectedError) throw httpErrorOf(err);
      if (interrupted) throw objectError(ObjectErrorCode.Incomplete);
      // The storage failed, not the client: an unexpected error, logged with its request id.
      throw err;
    } finally {
      upload.body.off('error', abort).off('close', abort);
    }
    const image = hasDisplayVersion(ticket.purpose, contentType)
      ? await this.prepareUploadedImage(key)
      : null;
    await this.tickets.update(
      { token },
      { contentType, size: String(inspector.bytes), storedAt: new Date(), ...imageColumns(image) },
    );
    return { objectPath: ticket.objectPath };
  }

  /**
   * Checks that `objectPath` is a file this user uploaded for `purpose` and that it was stored; returns its kind,
   * and for a post image its size and display version. Posts and profiles call this before they refer to an upload.
   */
  async assertUploadedBy(
    userId: string,
    objectPath: string,
    purpose: UploadPurpose,
  ): Promise<{ kind: MediaType; contentType: string; image: UploadedImage | null }> {
    const ticket = await this.tickets.findOne({ where: { objectPath } });
    const kind = ticket?.contentType ? kindOf(ticket.contentType) : null;
    if (!ticket || ticket.userId !== userId || ticket.purpose !== purpose || !ticket.storedAt || !kind) {
      throw objectError(ObjectErrorCode.NotUploaded);
    }
    return { kind, contentType: ticket.contentType!, image: imageOfTicket(ticket) };
  }

  /**
   * Stores a file the server made itself (the demo seed's pictures) as if `userId` had uploaded it, recording
   * the ticket in the caller's transaction. Never for client input: it skips the upload checks.
   */
  async storeTrusted(
    manager: EntityManager,
    userId: string,
    purpose: UploadPurpose,
    bytes: Buffer,
    contentType: string,
  ): Promise<TrustedUpload> {
    const objectPath = `${OBJECT_PREFIX}${purpose}/${randomBytes(16).toString('hex')}`;
    const key = objectPath.slice(OBJECT_PREFIX.length);
    await this.storage.write(key, Readable.from([bytes]), contentType);
    const image = hasDisplayVersion(purpose, contentType) ? await this.storeDisplayVersion(key, bytes) : null;
    const now = new Date();
    await manager.insert(UploadTicketEntity, {
      token: randomBytes(32).toString('hex'),
      userId,
      purpose,
      objectPath,
      contentType,
      size: String(bytes.length),
      expiresAt: now,
      usedAt: now,
      storedAt: now,
      ...imageColumns(image),
    });
    return { objectPath, image };
  }

  /** A stored object by its key (the path after /objects/), or null. */
  async find(key: string): Promise<StoredObjectInfo | null> {
    if (!KEY_PATTERN.test(key)) return null;
    return this.storage.stat(key);
  }

  read(key: string, range?: ByteRange): Promise<Readable> {
    return this.storage.read(key, range);
  }

  /** Every file `userId` uploaded that was stored, as `manager` sees them (their post media and avatars). */
  async uploadsOf(manager: EntityManager, userId: string): Promise<StoredUpload[]> {
    const tickets = await manager.getRepository(UploadTicketEntity).find({
      where: { userId },
      order: { createdAt: 'ASC' },
    });
    return tickets
      .filter((ticket) => ticket.storedAt && ticket.contentType)
      .map((ticket) => ({
        key: ticket.objectPath.slice(OBJECT_PREFIX.length),
        purpose: ticket.purpose,
        contentType: ticket.contentType!,
        displayKey: ticket.displayPath ? ticket.displayPath.slice(OBJECT_PREFIX.length) : null,
      }));
  }

  /**
   * Stores a file only its owner may fetch (through their own route, never /objects): an export's archive.
   * Returns its key.
   */
  async storePrivate(body: Readable, contentType: string): Promise<string> {
    const key = `export/${randomBytes(16).toString('hex')}.zip`;
    await this.storage.write(key, body, contentType);
    return key;
  }

  /** A private object's size and type, or null when it is gone. */
  async findPrivate(key: string): Promise<StoredObjectInfo | null> {
    if (!PRIVATE_KEY_PATTERN.test(key)) return null;
    return this.storage.stat(key);
  }

  /**
   * Removes objects in a job enqueued through `manager`: once the transaction that stops referring to them
   * commits, never if it rolls back. Removing one that is already gone is fine.
   */
  async deleteLater(manager: EntityManager, keys: string[]): Promise<void> {
    const valid = keys.filter((key) => KEY_PATTERN.test(key) || PRIVATE_KEY_PATTERN.test(key));
    if (valid.length > 0) await this.jobs.enqueue(manager, DELETE_OBJECTS, { keys: valid });
  }

  private async deleteNow(keys: string[]): Promise<void> {
    for (const key of keys) await this.storage.delete(key);
    this.logger.log(`Removed ${keys.length} object(s)`);
  }

  /** Resolves when the object storage answers (the readiness probe asks). */
  checkStorage(): Promise<void> {
    return this.storage.check();
  }

  /**
   * Reads an uploaded post image back from storage and stores its display version beside it. An image that cannot
   * be decoded, or has too many pixels, is deleted and refused, so no post can show it.
   */
  private async prepareUploadedImage(key: string): Promise<UploadedImage> {
    const original = await buffer(await this.storage.read(key));
    try {
      return await this.storeDisplayVersion(key, original);
    } catch (err) {
      if (!(err instanceof UploadRejectedError)) throw err;
      await this.storage.delete(key);
      throw httpErrorOf(err);
    }
  }

  /** Stores the display version of the image under `key` beside it (none for an animation). */
  private async storeDisplayVersion(key: string, original: Buffer): Promise<UploadedImage> {
    const { width, height, display } = await prepareImage(original);
    if (!display) return { width, height, display: null };
    const displayKey = `${key}${DISPLAY_SUFFIX}`;
    await this.storage.write(displayKey, Readable.from([display.bytes]), DISPLAY_CONTENT_TYPE);
    return {
      width,
      height,
      display: { path: `${OBJECT_PREFIX}${displayKey}`, width: display.width, height: display.height },
    };
  }
}
