import { Client, Pool } from 'pg';
import { clientPreparingStatements } from '../src/database/prepared-statements';
import { ownDatabase, type OwnDatabase } from './own-database';

/**
 * A connection that prepares its statements, against the test database: PostgreSQL, or the embedded one, where
 * every connection shares one session (which is why the app prepares nothing there), so each test clears what it
 * prepared and the temporary table it made.
 */
describe('statements prepared once per connection', () => {
  let database: OwnDatabase;
  const clients: Client[] = [];

  beforeAll(async () => {
    database = await ownDatabase('piste_prepared');
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) {
      await client.query('DISCARD ALL');
      await client.end();
    }
  });
  afterAll(() => database?.drop());

  async function connect(Class: typeof Client = clientPreparingStatements(Client)): Promise<Client> {
    const client = new Class({ connectionString: database.location.url });
    await client.connect();
    clients.push(client);
    return client;
  }

  async function prepared(client: Client): Promise<string[]> {
    const { rows } = await client.query<{ statement: string }>(
      `SELECT statement FROM pg_prepared_statements ORDER BY statement`,
    );
    return rows.map((r) => r.statement);
  }

  async function withNotes(client: Client): Promise<void> {
    await client.query(`CREATE TEMP TABLE notes (id integer PRIMARY KEY)`);
    await client.query(`INSERT INTO notes VALUES (1), (2)`);
  }

  it('prepares a statement with parameters once, and sends one without parameters as it is', async () => {
    const client = await connect();
    for (const n of [1, 2, 3]) {
      const { rows } = await client.query<{ next: number }>(`SELECT $1::integer + 1 AS next`, [n]);
      expect(rows).toEqual([{ next: n + 1 }]);
    }
    await client.query(`SELECT 41 + 1 AS answer`);
    expect(await prepared(client)).toEqual([`SELECT $1::integer + 1 AS next`]);
  });

  it('prepares the statements a pool sends with a callback', async () => {
    const pool = new Pool({
      connectionString: database.location.url,
      max: 1,
      Client: clientPreparingStatements(Client),
    });
    try {
      for (const n of [1, 2]) {
        const { rows } = await new Promise<{ rows: unknown[] }>((resolve, reject) =>
          pool.query(`SELECT $1::integer - 1 AS before`, [n], (err, res) =>
            err ? reject(err) : resolve(res),
          ),
        );
        expect(rows).toEqual([{ before: n - 1 }]);
      }
      const { rows } = await pool.query<{ statement: string }>(
        `SELECT statement FROM pg_prepared_statements`,
      );
      expect(rows.map((r) => r.statement)).toEqual([`SELECT $1::integer - 1 AS before`]);
      await pool.query('DISCARD ALL');
    } finally {
      await pool.end();
    }
  });

  it('prepares at most as many statements as it may, and still runs the ones beyond', async () => {
    const client = await connect(clientPreparingStatements(Client, 2));
    for (const n of [1, 2, 3]) {
      const { rows } = await client.query<{ n: number }>(`SELECT $1::integer * ${n} AS n`, [2]);
      expect(rows).toEqual([{ n: 2 * n }]);
    }
    expect(await prepared(client)).toEqual([`SELECT $1::integer * 1 AS n`, `SELECT $1::integer * 2 AS n`]);
  });

  it('is refused by the server when a column is added under a statement prepared by name', async () => {
    const client = await connect();
    await withNotes(client);
    const query = { name: 'notes_by_id', text: `SELECT notes.* FROM notes WHERE id = $1`, values: [1] };
    await client.query(query);
    await client.query(`ALTER TABLE notes ADD COLUMN body text DEFAULT 'en garde'`);
    await expect(client.query(query)).rejects.toThrow(/must not change result type/);
  });

  it('prepares again when a column was added under a statement, sending it again outside a transaction', async () => {
    const client = await connect();
    await withNotes(client);
    const select = `SELECT notes.* FROM notes WHERE id = $1`;
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1 }]);
    await client.query(`ALTER TABLE notes ADD COLUMN body text DEFAULT 'en garde'`);
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1, body: 'en garde' }]);
    expect((await client.query(select, [2])).rows).toEqual([{ id: 2, body: 'en garde' }]);
  });

  it('fails a transaction once when a column was added under a statement, then runs it again', async () => {
    const client = await connect();
    await withNotes(client);
    const select = `SELECT notes.* FROM notes WHERE id = $1`;
    await client.query(select, [1]);
    await client.query(`ALTER TABLE notes ADD COLUMN body text DEFAULT 'en garde'`);
    await client.query('BEGIN');
    await expect(client.query(select, [1])).rejects.toThrow(/must not change result type/);
    await client.query('ROLLBACK');
    await client.query('BEGIN');
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1, body: 'en garde' }]);
    await client.query('COMMIT');
  });
});
