import { dataSourceOptions } from './data-source';

function poolMax(options: ReturnType<typeof dataSourceOptions>): unknown {
  return (options as { extra?: { max?: number } }).extra?.max;
}

describe('dataSourceOptions', () => {
  const postgres = { url: 'postgres://postgres@127.0.0.1:5432/test', embedded: false };

  it('keeps at most the pool size it is given, 10 unless told', () => {
    expect(poolMax(dataSourceOptions(postgres))).toBe(10);
    expect(poolMax(dataSourceOptions(postgres, 'public', [], 32))).toBe(32);
  });
});
