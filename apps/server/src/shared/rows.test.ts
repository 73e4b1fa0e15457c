import { desc, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { databaseFrom } from '../test/templates.js';
import { emptyIfNull, pagedRows, parsedRows, timestampText } from './rows.js';

const item = pgTable('kit_item', {
  id: integer('id').primaryKey(),
  name: text('name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A contract's row as the web sees it; the database answers the name as null and the time as a timestamp. */
const itemRow = z.object({ id: z.number().int(), name: z.string(), createdAt: z.string() });
const itemDbRow = itemRow.extend({ name: emptyIfNull, createdAt: timestampText });

// The kit on its own database (PGlite); the lists' tests run it on PostgreSQL's driver too.
describe.skipIf(process.env.TEST_DB === 'postgres')('reading rows by a row schema', () => {
  let database: Database;
  beforeAll(async () => {
    // A copy of the run's migrated template, as the test apps' databases are: an in-memory openDatabase would run
    // initdb and every migration again wherever the built PGlite template (dist/) is missing or stale.
    database = await databaseFrom(inject('databaseTemplates').plain);
    await database.db.execute(sql`create table kit_item (id integer primary key, name text, created_at timestamptz not null)`);
    await database.db.execute(sql`insert into kit_item
      select n, case when n % 5 = 0 then null else 'item ' || n end, timestamptz '2026-01-01 00:00:00+00' + n * interval '1 minute'
      from generate_series(1, 25) n`);
  });
  afterAll(() => database?.close());

  it('pages a Drizzle select: the total of the where, the rows of the page as the schema reads them', async () => {
    const { db } = database;
    const where = sql`${item.id} > 3`;
    const select = db.select().from(item).where(where).orderBy(desc(item.id)).$dynamic();
    const page = await pagedRows(db, { table: item, where, select }, itemDbRow, { pageNum: 2, pageSize: 10 });
    expect(page.total).toBe(22);
    expect(page.list.map((r) => r.id)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    expect(page.list[0]).toEqual({ id: 15, name: '', createdAt: '2026-01-01T00:15:00.000Z' });
    expect(page.list[1]).toEqual({ id: 14, name: 'item 14', createdAt: '2026-01-01T00:14:00.000Z' });
  });

  it('pages raw SQL: the limit appended to the ordered statement, or placed by a function', async () => {
    const { db } = database;
    const count = sql`select count(*)::int as n from kit_item where id <= 12`;
    const rows = sql`select id, name, created_at as "createdAt" from kit_item where id <= 12 order by id`;
    const appended = await pagedRows(db, { count, rows }, itemDbRow, { pageNum: 3, pageSize: 5 });
    expect(appended).toEqual({ total: 12, list: [{ id: 11, name: 'item 11', createdAt: '2026-01-01T00:11:00.000Z' }, { id: 12, name: 'item 12', createdAt: '2026-01-01T00:12:00.000Z' }] });

    const placed = await pagedRows(
      db,
      { count, rows: (limit) => sql`select p.id, p.name, p.created_at as "createdAt" from (select * from kit_item where id <= 12 order by id desc ${limit}) p order by p.id` },
      itemDbRow,
      { pageNum: 1, pageSize: 3 },
    );
    expect(placed.total).toBe(12);
    expect(placed.list.map((r) => r.id)).toEqual([10, 11, 12]);
  });

  it('refuses rows that do not match the schema, naming the field', async () => {
    const { db } = database;
    await expect(parsedRows(db, sql`select id, name from kit_item where id = 1`, itemDbRow)).rejects.toThrow(
      'row 0 does not match its schema at createdAt',
    );
    await expect(parsedRows(db, sql`select id, name, created_at as "createdAt" from kit_item where id = 5`, itemRow)).rejects.toThrow(
      'row 0 does not match its schema at name',
    );
  });
});
