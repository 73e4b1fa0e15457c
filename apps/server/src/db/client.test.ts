// runs on PostgreSQL too: its test is of the PostgreSQL connection pool itself
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(process.env.TEST_DB === 'postgres')('openDatabase on PostgreSQL', () => {
  it('close() answers only once every connection of the pool has closed', async () => {
    const name = `zk_close_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 8 });
      await Promise.all(Array.from({ length: 8 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
      await database.close();
      const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      expect(rows[0].n).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
