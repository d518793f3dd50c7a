import { Transform, type TransformCallback } from 'node:stream';
import { UPLOAD_RULES, type MediaType, type UploadPurpose, type UploadRule } from '@piste/contracts';
import type { TextValues } from '../i18n/i18n';
import type { UploadRuleText } from './objects.errors';

/** The formats a file's first bytes can prove. */
type Signature = 'jpeg' | 'png' | 'gif' | 'webp' | 'iso-video' | 'webm';

interface MediaFormat {
  kind: MediaType;
  signature: Signature;
}

/** Every content type Piste stores. SVG, HTML and anything else are refused. */
const FORMATS: Record<string, MediaFormat> = {
  'image/jpeg': { kind: 'image', signature: 'jpeg' },
  'image/png': { kind: 'image', signature: 'png' },
  'image/gif': { kind: 'image', signature: 'gif' },
  'image/webp': { kind: 'image', signature: 'webp' },
  'video/mp4': { kind: 'video', signature: 'iso-video' },
  'video/quicktime': { kind: 'video', signature: 'iso-video' },
  'video/webm': { kind: 'video', signature: 'webm' },
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

/** ISO base media brands of real videos (MP4, M4V, QuickTime, 3GP); AVIF and HEIC images share the box and are not here. */
const VIDEO_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso8', 'iso9', 'mp41', 'mp42', 'mp71', 'avc1', 'hvc1',
  'M4V ', 'M4VH', 'M4VP', 'dash', 'qt  ', 'MSNV', 'NDAS', 'NDSC', 'NDSH', 'NDSM', 'NDSP', 'NDSS', 'NDXC',
  'NDXH', 'NDXM', 'NDXP', 'NDXS', 'f4v ', '3gp4', '3gp5', '3gp6', '3g2a', 'mmp4', 'XAVC',
]); // prettier-ignore

/** How many leading bytes the signature check needs (a WebM header names its doc type within these). */
export const SIGNATURE_BYTES = 64;

function startsWith(head: Buffer, bytes: number[], offset = 0): boolean {
  return head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
}

/** Which format the file's first bytes prove, if any. */
export function detectSignature(head: Buffer): Signature | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const ascii = head.toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  if (ascii.slice(4, 8) === 'ftyp' && VIDEO_BRANDS.has(ascii.slice(8, 12))) return 'iso-video';
  // EBML magic, then the DocType element (0x42 0x82, a size byte) reading "webm".
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && /\x42\x82.webm/s.test(ascii)) return 'webm';
  return null;
}

export function signatureMatches(contentType: string, head: Buffer): boolean {
  const format = FORMATS[normalizeContentType(contentType)];
  return !!format && detectSignature(head) === format.signature;
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
    if (!signatureMatches(this.contentType, head)) {
      return done(new UploadRejectedError(415, 'objects.content_mismatch'));
    }
    done(null, head);
  }
}
