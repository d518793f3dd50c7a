import { DataSource, QueryFailedError } from 'typeorm';
import { describeError } from '../src/common/error-reply';
import { poolRows } from '../src/database/pool-rows';
import { ownDatabase, type OwnDatabase } from './own-database';

describe('reads sent straight through the pool', () => {
  let database: OwnDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await ownDatabase('piste_pool_rows');
    dataSource = new DataSource({ type: 'postgres', url: database.location.url });
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('answers the rows, typed as TypeORM answers them', async () => {
    const sql = `SELECT $1::integer + 1 AS next, $2::text AS word, TIMESTAMPTZ '2026-11-28 10:00Z' AS at`;
    const values = [41, 'touché'];
    const rows = await poolRows(dataSource, sql, values);
    expect(rows).toEqual([{ next: 42, word: 'touché', at: new Date('2026-11-28T10:00:00Z') }]);
    expect(rows).toEqual(await dataSource.query(sql, values));
  });

  it("fails with TypeORM's error, so the reply a client gets is the same", async () => {
    const sql = 'SELECT $1::uuid AS id';
    const direct: unknown = await poolRows(dataSource, sql, ['not-a-uuid']).catch((err: unknown) => err);
    const throughTypeorm: unknown = await dataSource.query(sql, ['not-a-uuid']).catch((err: unknown) => err);
    expect(direct).toBeInstanceOf(QueryFailedError);
    expect(describeError(direct)).toEqual(describeError(throughTypeorm));
    expect(describeError(direct).status).toBe(400);
  });
});
