import { Client } from 'pg';
import { dataSourceOptions } from './data-source';

function poolMax(options: ReturnType<typeof dataSourceOptions>): unknown {
  return (options as { extra?: { max?: number } }).extra?.max;
}

describe('dataSourceOptions', () => {
  const postgres = { url: 'postgres://postgres@127.0.0.1:5432/test', embedded: false };

  it('keeps at most the pool size it is given, 10 unless told', () => {
    expect(poolMax(dataSourceOptions(postgres))).toBe(10);
    expect(poolMax(dataSourceOptions(postgres, 'public', [], { size: 32, preparedStatements: true }))).toBe(
      32,
    );
  });

  it('prepares statements on PostgreSQL unless told not to, never on the embedded database', () => {
    const preparing = (options: ReturnType<typeof dataSourceOptions>): boolean =>
      (options as { extra: { Client: typeof Client } }).extra.Client.prototype.query !==
      Client.prototype.query;
    const embedded = { url: 'postgres://postgres@127.0.0.1:5433/postgres', embedded: true };
    expect(preparing(dataSourceOptions(postgres))).toBe(true);
    expect(
      preparing(dataSourceOptions(postgres, 'public', [], { size: 10, preparedStatements: false })),
    ).toBe(false);
    expect(preparing(dataSourceOptions(embedded))).toBe(false);
  });
});
