import { Transform, type TransformCallback } from 'node:stream';
import { AVATAR_MAX_BYTES, POST_MEDIA_MAX_BYTES, type MediaType, type UploadPurpose } from '@piste/contracts';

/**
 * The types file-type may report for the first bytes of a genuine file of a content type. MP4 and QuickTime are
 * one container (ISO base media): either declared type takes a file of any of its video brands, never of its
 * image or audio ones (AVIF, HEIC, M4A), which file-type names apart.
 */
const ISO_VIDEO = ['video/mp4', 'video/quicktime', 'video/x-m4v', 'video/3gpp', 'video/3gpp2'];

interface MediaFormat {
  kind: MediaType;
  provenBy: readonly string[];
}

/** Every content type Piste stores. SVG, HTML and anything else are refused. */
const FORMATS: Record<string, MediaFormat> = {
  'image/jpeg': { kind: 'image', provenBy: ['image/jpeg'] },
  'image/png': { kind: 'image', provenBy: ['image/png', 'image/apng'] },
  'image/gif': { kind: 'image', provenBy: ['image/gif'] },
  'image/webp': { kind: 'image', provenBy: ['image/webp'] },
  'video/mp4': { kind: 'video', provenBy: ISO_VIDEO },
  'video/quicktime': { kind: 'video', provenBy: ISO_VIDEO },
  'video/webm': { kind: 'video', provenBy: ['video/webm'] },
};

const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

export interface PurposeRule {
  kinds: readonly MediaType[];
  maxBytes: number;
  /** The spec's texts (section 5). */
  wrongTypeMessage: string;
  tooLargeMessage: string;
}

export const PURPOSE_RULES: Record<UploadPurpose, PurposeRule> = {
  post: {
    kinds: ['image', 'video'],
    maxBytes: POST_MEDIA_MAX_BYTES,
    wrongTypeMessage: 'Please select an image or video file.',
    tooLargeMessage: 'Please select a file smaller than 50MB.',
  },
  avatar: {
    kinds: ['image'],
    maxBytes: AVATAR_MAX_BYTES,
    wrongTypeMessage: 'Please select an image file',
    tooLargeMessage: 'Please select an image smaller than 10MB',
  },
  club: {
    kinds: ['image'],
    maxBytes: AVATAR_MAX_BYTES,
    wrongTypeMessage: 'Please select an image file',
    tooLargeMessage: 'Please select an image smaller than 10MB',
  },
};

/** `image/PNG; charset=x` → `image/png`; unknown types stay as they are (and are then refused). */
export function normalizeContentType(value: string | undefined | null): string {
  const base = (value ?? '').split(';')[0].trim().toLowerCase();
  return ALIASES[base] ?? base;
}

/** The kind of a content type a purpose accepts, or null when the purpose refuses it. */
export function acceptedKind(purpose: UploadPurpose, contentType: string): MediaType | null {
  const format = FORMATS[normalizeContentType(contentType)];
  return format && PURPOSE_RULES[purpose].kinds.includes(format.kind) ? format.kind : null;
}

export function kindOf(contentType: string): MediaType | null {
  return FORMATS[normalizeContentType(contentType)]?.kind ?? null;
}

/** How many leading bytes the check reads: file-type's own sample size (`reasonableDetectionSizeInBytes`). */
export const SIGNATURE_BYTES = 4100;

/** file-type ships as an ES module only; the CommonJS build keeps this import() as it is (see jest.config.js). */
const loadFileType = () => import('file-type');
let fileType: ReturnType<typeof loadFileType> | undefined;

/** Whether a file's first bytes prove its declared content type, as file-type reads them. */
export async function signatureMatches(contentType: string, head: Uint8Array): Promise<boolean> {
  const format = FORMATS[normalizeContentType(contentType)];
  if (!format) return false;
  fileType ??= loadFileType();
  const detected = await (await fileType).fileTypeFromBuffer(head).catch(() => undefined);
  return !!detected && format.provenBy.includes(detected.mime);
}

export class UploadRejectedError extends Error {
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Passes an upload through while checking it: the first bytes must prove the declared content type, and the
 * stream must not exceed the purpose's limit. Fails the pipeline with an UploadRejectedError otherwise.
 */
export class UploadInspector extends Transform {
  bytes = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private checked = false;

  constructor(
    private readonly contentType: string,
    private readonly rule: PurposeRule,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.rule.maxBytes) return done(new UploadRejectedError(413, this.rule.tooLargeMessage));
    if (this.checked) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SIGNATURE_BYTES) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.bytes === 0) return done(new UploadRejectedError(415, 'The file is empty'));
    if (!this.checked) return this.release(done);
    done();
  }

  private release(done: TransformCallback): void {
    const head = Buffer.concat(this.head, this.headLength);
    this.head = [];
    this.checked = true;
    signatureMatches(this.contentType, head).then(
      (matches) =>
        matches
          ? done(null, head)
          : done(new UploadRejectedError(415, "The file's content does not match its type")),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  }
}
