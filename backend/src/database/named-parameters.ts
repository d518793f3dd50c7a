import type { ObjectLiteral } from 'typeorm';

type Escape = (sql: string, parameters: ObjectLiteral) => [string, unknown[]];

/** Distinct statements remembered; any beyond are bound the slow way each time. */
const MAX_STATEMENTS = 1000;

/**
 * TypeORM's `:name` parameters turned into PostgreSQL's `$1…`, worked out once per statement text (and set of
 * names) instead of by a regular expression over the whole text at every call: the feed's statement is about 2 KB
 * and is built at every request. The text also comes back as the same string each time, so the prepared
 * statement's name for it (`clientPreparingStatements`) is found without hashing it again. Lists (`:...ids`) and
 * raw functions change the text with their values, so they are bound each time.
 */
export class NamedParameters {
  private readonly known = new Map<string, { text: string; names: string[] }>();

  constructor(private readonly escape: Escape) {}

  bind(sql: string, parameters: ObjectLiteral): [string, unknown[]] {
    const names = Object.keys(parameters);
    if (names.some((name) => Array.isArray(parameters[name]) || typeof parameters[name] === 'function')) {
      return this.escape(sql, parameters);
    }
    const key = `${names.join(',')}\n${sql}`;
    let bound = this.known.get(key);
    if (!bound) {
      // Each name stands for itself: the values come back as the names in the order of their $n.
      const [text, order] = this.escape(sql, Object.fromEntries(names.map((name) => [name, name])));
      bound = { text, names: order as string[] };
      if (this.known.size < MAX_STATEMENTS) this.known.set(key, bound);
    }
    return [bound.text, bound.names.map((name) => parameters[name] as unknown)];
  }
}
