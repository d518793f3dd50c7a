import { loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
      dataDir: '.data',
      seedDemo: true,
      admin: undefined,
    });
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_SCHEMA: 'Bad-Name', NODE_ENV: 'staging' })).toThrow(
      /PORT[\s\S]*NODE_ENV|NODE_ENV[\s\S]*PORT/,
    );
    expect(() => loadConfig({ PORT: 'abc', DATABASE_SCHEMA: 'Bad-Name' })).toThrow(/DATABASE_SCHEMA/);
  });

  it('requires a session secret in production and admin credentials in pairs', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'root' })).toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'pw' }).admin).toEqual({
      username: 'root',
      password: 'pw',
    });
  });
});
