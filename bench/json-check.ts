/** GETs `path` with the cookie and parses the JSON body; a non-200 reply is an error. */
export async function getJson(url: string, path: string, cookie: string): Promise<unknown> {
  const res = await fetch(url + path, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** JSON with object keys sorted, so two bodies compare by content whatever order their fields come in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/**
 * A note saying whether two replies carry the same JSON: a comparison is only fair when both sides did the same
 * work. Throws when they differ, showing both.
 */
export function assertSameJson(what: string, a: unknown, b: unknown): string {
  const left = canonical(a);
  const right = canonical(b);
  if (left !== right) {
    throw new Error(`${what} differ:\n${left.slice(0, 600)}\n---\n${right.slice(0, 600)}`);
  }
  const items = Array.isArray(a) ? `${a.length} items, ` : '';
  return `${what}: same JSON (${items}${left.length} bytes).`;
}
