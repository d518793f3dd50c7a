import { DataSource } from 'typeorm';
import { useTestApp } from './helpers';
import { SecondConnectionInTransaction, takeSecondConnectionQueries } from './transaction-guard';

describe('the check for a second connection inside a transaction (every test app has it)', () => {
  const t = useTestApp();

  it('refuses, at once and on either database, a query on another connection while a transaction is open', async () => {
    const db = t.app.get(DataSource);
    const outcome = db.transaction(async (manager) => {
      await manager.query('SELECT 1');
      await db.query('SELECT 2');
    });
    await expect(outcome).rejects.toBeInstanceOf(SecondConnectionInTransaction);
    expect(takeSecondConnectionQueries()).toEqual([
      'A query on a second connection while a transaction is open: SELECT 2',
    ]);
  });

  it('lets the transaction’s own queries, nested transactions and queries after the commit through', async () => {
    const db = t.app.get(DataSource);
    const found = await db.transaction(async (manager) => {
      const [{ n }]: { n: number }[] = await manager.query('SELECT 1 AS n');
      await manager.transaction((same) => same.query('SELECT 1'));
      return n;
    });
    await expect(db.query('SELECT 1')).resolves.toHaveLength(1);
    expect(found).toBe(1);
  });
});
