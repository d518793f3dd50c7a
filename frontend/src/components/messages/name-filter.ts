/** Case-insensitive name match, as the spec asks for both lists. */
export function nameMatches(name: string | null | undefined, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (name ?? '').toLowerCase().includes(q);
}
