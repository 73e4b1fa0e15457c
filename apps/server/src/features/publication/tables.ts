import { sql } from 'drizzle-orm';
import type { PublicationStatus } from '@zhaokao/contracts';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';
import { recruitmentPlan } from '../plan/tables.js';
import { staffUser } from '../staff/tables.js';
import { storedFile } from '../storage/tables.js';

/**
 * 公示公告 and 新闻 (DESIGN §10): one table for both kinds. The content is HTML already sanitised on the server
 * (features/publication/sanitize.ts). Publishing, withdrawing, pinning and deleting are each one conditional
 * statement, so of two calls at once only one changes the row.
 */
export const companyPublication = pgTable(
  'company_publication',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id),
    /** notice | news */
    kind: text('kind').$type<'notice' | 'news'>().notNull(),
    /** The plan a notice belongs to (the same company's); null for a notice of the whole company, and for news. */
    recruitmentId: integer('recruitment_id').references(() => recruitmentPlan.id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** A news item's cover image: one of the company's image files. */
    coverFileId: integer('cover_file_id').references(() => storedFile.id),
    content: text('content').notNull(),
    /** draft | published | withdrawn */
    status: text('status').$type<PublicationStatus>().notNull().default('draft'),
    top: boolean('top').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_publication_list').on(t.companyId, t.kind, t.status, t.id.desc()),
    index('company_publication_feed').on(t.companyId, t.kind, t.status, t.top.desc(), t.publishedAt.desc(), t.id.desc()),
    index('company_publication_recruitment').on(t.recruitmentId),
    check('company_publication_kind', sql`${t.kind} in ('notice', 'news')`),
    check('company_publication_status', sql`${t.status} in ('draft', 'published', 'withdrawn')`),
    check('company_publication_published', sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
    check('company_publication_notice_only', sql`${t.kind} = 'notice' or ${t.recruitmentId} is null`),
  ],
);

/** A notice's attachments, in the order the editor gave them. */
export const companyPublicationAttachment = pgTable(
  'company_publication_attachment',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    publicationId: integer('publication_id')
      .notNull()
      .references(() => companyPublication.id, { onDelete: 'cascade' }),
    storedFileId: integer('stored_file_id')
      .notNull()
      .references(() => storedFile.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('company_publication_attachment_unique').on(t.publicationId, t.storedFileId),
    index('company_publication_attachment_file').on(t.storedFileId),
  ],
);
