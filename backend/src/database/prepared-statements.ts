import { createHash } from 'node:crypto';
import { Client, type QueryResult } from 'pg';

/**
 * Distinct statements one connection prepares at most; any beyond go unprepared. Piste's own code has a few
 * hundred at most, but a statement whose text depends on its input (an IN list of any length) could otherwise
 * fill the server's memory one connection at a time.
 */
export const MAX_PREPARED_PER_CONNECTION = 500;

/**
 * What PostgreSQL answers when a prepared statement's result columns changed under it (a migration added a
 * column to a table it reads with `*`): a statement prepared again under a new name gets the new columns.
 */
function isResultTypeChanged(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('must not change result type');
}

/**
 * pg's Client preparing every statement sent with parameters as a named statement of its connection, once:
 * sent unnamed, PostgreSQL parses and plans each one again (for the feed's page, four times as long as running
 * it), while a named one is parsed once and, after five runs, planned once if its plan does not depend on the
 * values. The name is the text's hash, so the same text shares one statement however it is built.
 *
 * A migration that changes what a prepared statement returns (another replica's, during a deploy) makes
 * PostgreSQL refuse that statement: the connection then prepares everything again under new names, and the
 * statement that failed is sent again when no transaction was open (inside one, the transaction has failed and
 * its caller sees the error once).
 */
export function clientPreparingStatements(
  Base: typeof Client,
  max = MAX_PREPARED_PER_CONNECTION,
): typeof Client {
  return class extends Base {
    /** Each text's name on this connection. */
    private readonly names = new Map<string, string>();
    /** Bumped when the server refused a statement: every name is new after. */
    private generation = 0;
    /** The transaction status PostgreSQL last reported: `I` idle, `T` in a transaction, `E` in a failed one. */
    private transactionStatus = 'I';

    constructor(...args: ConstructorParameters<typeof Client>) {
      super(...args);
      const connection = (this as unknown as { connection: NodeJS.EventEmitter }).connection;
      connection.on('readyForQuery', (msg: { status?: string }) => {
        if (msg.status) this.transactionStatus = msg.status;
      });
    }

    // pg's query has many overloads; (text, values) with values is prepared, as TypeORM calls it, and
    // (text, values, callback), as pg's Pool does.
    override query(...args: unknown[]): never {
      const [text, values, callback] = args;
      const name =
        typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length <= 3
          ? this.nameOf(text)
          : undefined;
      if (name === undefined || (callback !== undefined && typeof callback !== 'function')) {
        return (super.query as (...a: unknown[]) => never)(...args);
      }
      const result = this.runPrepared(name, text as string, values as unknown[]);
      if (typeof callback !== 'function') return result as never;
      const done = callback as (err: unknown, res?: QueryResult) => void;
      result.then(
        (res) => done(null, res),
        (err: unknown) => done(err),
      );
      return undefined as never;
    }

    private runPrepared(name: string, text: string, values: unknown[], again = true): Promise<QueryResult> {
      const idle = this.transactionStatus === 'I';
      return super.query({ name, text, values }).catch((err: unknown) => {
        if (!isResultTypeChanged(err)) throw err;
        this.names.clear();
        this.generation++;
        if (!idle || !again) throw err;
        const renamed = this.nameOf(text);
        return renamed === undefined
          ? super.query(text, values)
          : this.runPrepared(renamed, text, values, false);
      });
    }

    private nameOf(text: string): string | undefined {
      const known = this.names.get(text);
      if (known !== undefined || this.names.size >= max) return known;
      const name = `piste_${this.generation}_${createHash('sha1').update(text).digest('base64url')}`;
      this.names.set(text, name);
      return name;
    }
  };
}
