/** A compressed form the server can send instead of the plain bytes. */
export type ContentEncoding = 'br' | 'gzip';

/**
 * The best encoding the client accepts, per its Accept-Encoding header: brotli when allowed (smaller),
 * then gzip; `undefined` means plain bytes. A `q=0` entry refuses that encoding, `*` stands for any other.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (encoding: ContentEncoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}
