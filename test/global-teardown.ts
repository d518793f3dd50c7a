import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const schema = globalThis.__PISTE_TEST_SCHEMA__;
  if (schema && process.env.DATABASE_URL) {
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
  await globalThis.__PISTE_EMBEDDED__?.stop();
}
