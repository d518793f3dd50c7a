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

  it('sizes the database pool from DATABASE_POOL_SIZE, 10 unless set', () => {
    expect(loadConfig({}).databasePool.size).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePool.size).toBe(25);
    for (const bad of ['0', '-3', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it('prepares statements unless DATABASE_PREPARED_STATEMENTS is false', () => {
    expect(loadConfig({}).databasePool.preparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePool.preparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).databasePool.preparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it('requires a session secret in production and admin credentials in pairs', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'root' })).toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'pw' }).admin).toEqual({
      username: 'root',
      password: 'pw',
    });
  });

  it('builds links from PUBLIC_URL (default: localhost on PORT) and mails over SMTP_URL when it is set', () => {
    expect(loadConfig({ PORT: '8080' })).toMatchObject({
      publicUrl: 'http://localhost:8080',
      mail: { smtpUrl: undefined, from: 'Piste <no-reply@localhost>' },
      jobs: { worker: true },
    });
    expect(
      loadConfig({
        PUBLIC_URL: 'https://piste.example.org/',
        SMTP_URL: 'smtp://user:pass@mail:587',
        MAIL_FROM: 'Piste <hello@piste.example.org>',
        JOBS_WORKER: 'false',
      }),
    ).toMatchObject({
      publicUrl: 'https://piste.example.org',
      mail: { smtpUrl: 'smtp://user:pass@mail:587', from: 'Piste <hello@piste.example.org>' },
      jobs: { worker: false },
    });
    expect(() => loadConfig({ PUBLIC_URL: 'piste.example.org' })).toThrow(/PUBLIC_URL/);
    // A bad SMTP_URL is named, never echoed: it may hold a password.
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail' })).toThrow(/SMTP_URL: must be a URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail' })).not.toThrow(/hunter2/);
  });

  it('takes S3 keys in pairs, and only with a bucket', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_BUCKET/);
    expect(loadConfig({ S3_BUCKET: 'b' }).s3?.credentials).toBeUndefined();
    expect(
      loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3?.credentials,
    ).toEqual({ accessKeyId: 'id', secretAccessKey: 'secret' });
  });

  it('takes the VAPID keys in pairs, checks them, and derives a subject when none is set', () => {
    expect(loadConfig({}).push).toEqual({
      vapidKeys: undefined,
      subject: 'mailto:no-reply@localhost',
      allowPrivateEndpoints: false,
      extraCaFile: undefined,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://piste.example.org/' }).push.subject).toBe(
      'https://piste.example.org',
    );
    expect(loadConfig({ MAIL_FROM: 'Piste <club@piste.example.org>' }).push.subject).toBe(
      'mailto:club@piste.example.org',
    );
    const publicKey = Buffer.alloc(65, 4).toString('base64url');
    const privateKey = Buffer.alloc(32, 7).toString('base64url');
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).push.vapidKeys).toEqual(
      {
        publicKey,
        privateKey,
      },
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'short' })).toThrow(
      /VAPID_PRIVATE_KEY: must be a P-256 private key/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://piste.example.org' })).toThrow(/VAPID_SUBJECT/);
  });

  it('keeps the push test switches out of production', () => {
    expect(loadConfig({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }).push.allowPrivateEndpoints).toBe(true);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(16),
        PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      }),
    ).toThrow(/PUSH_ALLOW_PRIVATE_ENDPOINTS: for tests only/);
  });
});
