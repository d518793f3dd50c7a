import { DataSource } from 'typeorm';
import { NamedParameters } from './named-parameters';

// The driver of a PostgreSQL data source escapes without connecting.
const driver = new DataSource({ type: 'postgres' }).driver;
const escape = (sql: string, parameters: Record<string, unknown>) =>
  driver.escapeQueryWithParameters(sql, parameters);

describe('NamedParameters', () => {
  const sql =
    'SELECT * FROM posts p WHERE p."authorId" = :viewerId AND p.weapon = :weapon OR :viewerId IS NULL';

  it('binds as TypeORM does, and again from what it remembered', () => {
    const named = new NamedParameters(escape);
    const first = named.bind(sql, { viewerId: 'u1', weapon: 'epee' });
    expect(first).toEqual(escape(sql, { viewerId: 'u1', weapon: 'epee' }));
    const second = named.bind(sql, { weapon: 'sabre', viewerId: 'u2' });
    expect(second).toEqual(escape(sql, { weapon: 'sabre', viewerId: 'u2' }));
    expect(second[0]).toBe(first[0]);
  });

  it('binds again when the names differ: a name not given stays in the text', () => {
    const named = new NamedParameters(escape);
    named.bind(sql, { viewerId: 'u1', weapon: 'epee' });
    expect(named.bind(sql, { viewerId: 'u1' })).toEqual(escape(sql, { viewerId: 'u1' }));
  });

  it('binds lists and raw functions each time, since they change the text', () => {
    const named = new NamedParameters(escape);
    const list = 'SELECT * FROM posts WHERE id IN (:...ids)';
    expect(named.bind(list, { ids: ['a', 'b'] })).toEqual([
      'SELECT * FROM posts WHERE id IN ($1, $2)',
      ['a', 'b'],
    ]);
    expect(named.bind(list, { ids: ['a', 'b', 'c'] })[1]).toEqual(['a', 'b', 'c']);
    expect(named.bind('SELECT :now', { now: () => 'now()' })).toEqual(['SELECT now()', []]);
  });
});
