import {
  BadRequestException,
  ConflictException,
  GoneException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
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

export type UploadRequest = z.output<typeof uploadRequestSchema>;

const OBJECT_PREFIX = '/objects/';
const KEY_PATTERN = /^(post|avatar)\/[a-f0-9]{32}$/;
const TOKEN_PATTERN = /^[a-f0-9]{64}$/;
/** Unused tickets a user may hold at once, so nobody can fill the table. */
const MAX_OPEN_TICKETS = 20;
const LARGER_THAN_DECLARED = 'The file is larger than the upload request declared';

/** The purpose's rule, tightened to the size the upload request declared when it named a smaller one. */
function sizeRule(rule: PurposeRule, declaredSize: string | null): PurposeRule {
  if (declaredSize === null || Number(declaredSize) >= rule.maxBytes) return rule;
  return { ...rule, maxBytes: Number(declaredSize), tooLargeMessage: LARGER_THAN_DECLARED };
}

/** What a PUT to an upload URL brings: its declared type and length, and the body stream. */
export interface IncomingUpload {
  contentType: string | undefined;
  contentLength: number | undefined;
  body: Readable;
}

@Injectable()
export class ObjectsService {
  constructor(
    @InjectRepository(UploadTicketEntity) private readonly tickets: Repository<UploadTicketEntity>,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Issues a single-use, expiring upload URL for one file (the spec's profile flow sends no body: an avatar). */
  async issueUpload(user: SessionUser, request: UploadRequest): Promise<UploadReply> {
    const rule = PURPOSE_RULES[request.purpose];
    const contentType = request.contentType ? normalizeContentType(request.contentType) : null;
    if (contentType && !acceptedKind(request.purpose, contentType)) {
      throw new BadRequestException(rule.wrongTypeMessage);
    }
    if (request.size !== undefined && request.size > rule.maxBytes) {
      throw new PayloadTooLargeException(rule.tooLargeMessage);
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
      throw new HttpException(
        'Too many uploads at once. Please try again later.',
        HttpStatus.TOO_MANY_REQUESTS,
      );
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
   * the purpose's, or the size the upload request declared.
   */
  async receiveUpload(token: string, upload: IncomingUpload): Promise<{ objectPath: string }> {
    const ticket = TOKEN_PATTERN.test(token) ? await this.tickets.findOne({ where: { token } }) : null;
    if (!ticket) throw new NotFoundException('Upload URL not found');
    if (ticket.usedAt) throw new ConflictException('This upload URL has already been used');
    if (ticket.expiresAt.getTime() <= Date.now()) throw new GoneException('This upload URL has expired');

    const rule = sizeRule(PURPOSE_RULES[ticket.purpose], ticket.declaredSize);
    const contentType = normalizeContentType(upload.contentType);
    if (!acceptedKind(ticket.purpose, contentType))
      throw new UnsupportedMediaTypeException(rule.wrongTypeMessage);
    if (ticket.contentType && ticket.contentType !== contentType) {
      throw new UnsupportedMediaTypeException('The file type does not match the upload request');
    }
    if (upload.contentLength !== undefined && upload.contentLength > rule.maxBytes) {
      throw new PayloadTooLargeException(rule.tooLargeMessage);
    }

    const claimed = await this.tickets
      .createQueryBuilder()
      .update()
      .set({ usedAt: () => 'now()' })
      .where('token = :token AND "usedAt" IS NULL AND "expiresAt" > now()', { token })
      .execute();
    if (!claimed.affected) throw new ConflictException('This upload URL has already been used');

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
      if (err instanceof UploadRejectedError) {
        throw err.status === 413
          ? new PayloadTooLargeException(err.message)
          : new UnsupportedMediaTypeException(err.message);
      }
      if (interrupted) throw new BadRequestException('The upload did not complete');
      // The storage failed, not the client: an unexpected error, logged with its request id.
      throw err;
    } finally {
      upload.body.off('error', abort).off('close', abort);
    }
    await this.tickets.update(
      { token },
      { contentType, size: String(inspector.bytes), storedAt: new Date() },
    );
    return { objectPath: ticket.objectPath };
  }

  /**
   * Checks that `objectPath` is a file this user uploaded for `purpose` and that it was stored; returns its kind.
   * Posts and profiles call this before they refer to an upload.
   */
  async assertUploadedBy(
    userId: string,
    objectPath: string,
    purpose: UploadPurpose,
  ): Promise<{ kind: MediaType; contentType: string }> {
    const ticket = await this.tickets.findOne({ where: { objectPath } });
    const kind = ticket?.contentType ? kindOf(ticket.contentType) : null;
    if (!ticket || ticket.userId !== userId || ticket.purpose !== purpose || !ticket.storedAt || !kind) {
      throw new BadRequestException('Media must be a file you uploaded');
    }
    return { kind, contentType: ticket.contentType! };
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
  ): Promise<string> {
    const objectPath = `${OBJECT_PREFIX}${purpose}/${randomBytes(16).toString('hex')}`;
    await this.storage.write(objectPath.slice(OBJECT_PREFIX.length), Readable.from([bytes]), contentType);
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
    });
    return objectPath;
  }

  /** A stored object by its key (the path after /objects/), or null. */
  async find(key: string): Promise<StoredObjectInfo | null> {
    if (!KEY_PATTERN.test(key)) return null;
    return this.storage.stat(key);
  }

  read(key: string, range?: ByteRange): Promise<Readable> {
    return this.storage.read(key, range);
  }

  /** Resolves when the object storage answers (the readiness probe asks). */
  checkStorage(): Promise<void> {
    return this.storage.check();
  }
}
