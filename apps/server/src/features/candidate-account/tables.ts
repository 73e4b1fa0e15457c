import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { talent } from '../talent/tables.js';

/** A candidate's account on the candidate site (DESIGN §11): one per mobile number, across all companies. */
export const candidateAccount = pgTable(
  'candidate_account',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The person (talent) the account applied as: set by the first application, by the resume's identity number. */
    talentId: integer('talent_id').references(() => talent.id),
    /** Messages up to this moment have been read. */
    messagesReadAt: timestamp('messages_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('candidate_account_phone').on(t.phone), uniqueIndex('candidate_account_talent').on(t.talentId)],
);

/**
 * The SMS code of a mobile number, registered or not: one row per number, so that issuing a code is one statement
 * (an insert, or an update of a code older than the resend interval) that parallel requests cannot both pass, and a
 * new code retires the one before. Only the code's hash is kept; `attempts` counts tries before they are compared.
 */
export const candidateCode = pgTable(
  'candidate_code',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    /** `register` or `reset` (CANDIDATE_CODE_PURPOSES). */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('candidate_code_phone').on(t.phone)],
);

/** A candidate's session: a token kind of its own, never a staff or operator session. Only the token's hash is kept. */
export const candidateSession = pgTable(
  'candidate_session',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidateAccount.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'logout' ends with 50008; 'elsewhere' (the password was reset) with 50012, as staff sessions do. */
    endReason: text('end_reason'),
  },
  (t) => [uniqueIndex('candidate_session_token_hash').on(t.tokenHash), index('candidate_session_candidate').on(t.candidateId)],
);

/** The candidate's one resume as saved so far, section by section (DESIGN §11): checked whole only when applying. */
export const candidateResume = pgTable('candidate_resume', {
  candidateId: integer('candidate_id')
    .primaryKey()
    .references(() => candidateAccount.id),
  resume: jsonb('resume').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A file a candidate uploaded (the photo, attachments), served at `/api/files/c/<key>` to them and to the units they applied to. */
export const candidateFile = pgTable(
  'candidate_file',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidateAccount.id),
    key: text('key').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** photo | attachment */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('candidate_file_key').on(t.key), index('candidate_file_candidate').on(t.candidateId)],
);
