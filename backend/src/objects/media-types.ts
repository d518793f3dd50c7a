import { Transform, type TransformCallback } from 'node:stream';
import { UPLOAD_RULES, type MediaType, type UploadPurpose, type UploadRule } from '@piste/contracts';
import type { TextValues } from '../i18n/i18n';
import type { UploadRuleText } from './objects.errors';

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
  /** The spec's texts (section 5), as the app's pickers say them. */
  wrongType: UploadRuleText;
  tooLarge: UploadRuleText;
}

const purposeRule = ({ kinds, maxBytes, wrongType, tooLarge }: UploadRule): PurposeRule => ({
  kinds,
  maxBytes,
  wrongType: `validation:${wrongType}`,
  tooLarge: `validation:${tooLarge}`,
});

/** Each purpose's rule: the contracts' (UPLOAD_RULES), which the app's file pickers check first. */
export const PURPOSE_RULES: Record<UploadPurpose, PurposeRule> = {
  post: purposeRule(UPLOAD_RULES.post),
  avatar: purposeRule(UPLOAD_RULES.avatar),
  club: purposeRule(UPLOAD_RULES.club),
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

/** A file refused while it streams in or is decoded: 413 or 415, with the rule it broke. */
export class UploadRejectedError extends Error {
  constructor(
    readonly status: 413 | 415,
    readonly text: UploadRuleText,
    readonly values: TextValues = {},
  ) {
    super(text);
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
    if (this.bytes > this.rule.maxBytes) return done(new UploadRejectedError(413, this.rule.tooLarge));
    if (this.checked) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SIGNATURE_BYTES) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.bytes === 0) return done(new UploadRejectedError(415, 'objects.empty'));
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
          : done(new UploadRejectedError(415, 'objects.content_mismatch')),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  }
}
