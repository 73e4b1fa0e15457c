import {
  type NewsDetail, type NoticeDetail, OWN_FILE_PREFIX, PUBLICATION_MESSAGES, PUBLICATION_SUCCESS,
  type PublicationFile, type PublicationStatus, type PageInput, SUCCESS_MESSAGES, type UploadKind, addNotice,
  companyNoticeList, deleteNews, deleteNotice, getCompanyNoticeDetail, newsDetail, newsList, newsRow,
  noticeList, noticeRow, publishNews, publishNotice, saveNews, topNotice, withdrawNews, withdrawNotice,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { emptyIfNull, pagedRows, parsedRows, timestampText } from '../../shared/rows.js';
import type { Session } from '../../shared/session.js';
import { escapeLike, idArray, rowsOf, textArray } from '../../shared/sql.js';
import { type OwnFiles, cleanContent, contentFileKeys } from './sanitize.js';
import { PLAN_MISSING } from '../pipeline/index.js';

type Kind = 'notice' | 'news';

const NOT_FOUND: Record<Kind, string> = { notice: '公告不存在', news: '新闻不存在' };

const fileOf = (id: number, name: string, key: string): PublicationFile => ({ id, name, url: `${OWN_FILE_PREFIX}${key}` });

const times = { publishedAt: timestampText.nullable(), createdAt: timestampText, updatedAt: timestampText, createdByName: emptyIfNull };
const noticeDbRow = noticeRow.extend({ ...times, recruitmentName: emptyIfNull });
const newsColumns = newsRow
  .omit({ cover: true })
  .extend({ ...times, coverId: z.number().int().nullable(), coverName: z.string().nullable(), coverKey: z.string().nullable() });
const withCover = <R extends { coverId: number | null; coverName: string | null; coverKey: string | null }>({ coverId, coverName, coverKey, ...row }: R) => ({
  ...row,
  cover: coverId !== null ? fileOf(coverId, coverName!, coverKey!) : null,
});
const newsDbRow = newsColumns.transform(withCover);

/**
 * The company's publications of `kind` (`p`) matching `where`, in `order`; with `withContent`, their HTML too.
 * Every query is limited to the caller's company here, so another company's id never matches.
 */
const publicationSql = (session: Session, kind: Kind, where: SQL, options: { order?: SQL; withContent?: boolean } = {}) =>
  sql`select p.id, p.title, p.status, p.top, p.published_at as "publishedAt", p.created_at as "createdAt", p.updated_at as "updatedAt",
      u.name as "createdByName", p.recruitment_id as "recruitmentId", r.name as "recruitmentName",
      (select count(*)::int from company_publication_attachment a where a.publication_id = p.id) as "attachmentCount",
      p.summary, f.id as "coverId", f.original_name as "coverName", f.key as "coverKey"
      ${options.withContent ? sql`, p.content` : sql``}
    from company_publication p
      left join staff_user u on u.id = p.created_by
      left join recruitment_plan r on r.id = p.recruitment_id
      left join stored_file f on f.id = p.cover_file_id
    where p.company_id = ${session.companyId} and p.kind = ${kind} and ${where}
    order by ${options.order ?? sql`p.top desc, p.id desc`}`;

function publicationPage<R extends z.ZodType>(db: Db, session: Session, kind: Kind, where: SQL, row: R, page: PageInput, order?: SQL) {
  const count = sql`select count(*)::int as n from company_publication p where p.company_id = ${session.companyId} and p.kind = ${kind} and ${where}`;
  return pagedRows(db, { count, rows: publicationSql(session, kind, where, { order }) }, row, page);
}

const statusIs = (status: PublicationStatus | undefined) => (status ? sql`p.status = ${status}` : sql`true`);
const titleHas = (keyword: string) => (keyword ? sql`p.title ilike ${`%${escapeLike(keyword)}%`}` : sql`true`);
const planIs = (recruitmentId: number | undefined) => (recruitmentId !== undefined ? sql`p.recruitment_id = ${recruitmentId}` : sql`true`);

/** The keys of our own uploaded files an HTML content shows (`/api/files/<key>` in src or href). */
function ownFileKeys(html: string) {
  const keys = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="\/api\/files\/([^"]+)"/g)) keys.add(match[1]!.replace(/&amp;/g, '&'));
  return [...keys];
}

/** The company's own uploaded files among those a content names (the only ones it may play, see sanitize.ts). */
async function ownFilesOf(db: Db, companyId: number, html: string): Promise<OwnFiles> {
  const keys = contentFileKeys(html);
  if (keys.length === 0) return new Map();
  const rows = await rowsOf<{ key: string; kind: UploadKind }>(
    db,
    sql`select key, kind from stored_file where company_id = ${companyId} and key = any(${textArray(keys)})`,
  );
  return new Map(rows.map((r) => [r.key, r.kind]));
}

interface SaveInput {
  id?: number;
  title: string;
  content: string;
  top: boolean;
  recruitmentId?: number | null;
  attachmentIds?: number[];
  summary?: string;
  coverId?: number | null;
}

/**
 * Saves a publication of `kind`: a new one as a draft, or the company's own one `input.id` (its state unchanged).
 * The plan, cover and attachments must be the company's; they and the content's own images become public-readable,
 * as published content is shown to candidates. One transaction: a refusal changes nothing.
 */
async function savePublication(db: Db, session: Session, kind: Kind, input: SaveInput, imageHosts: readonly string[]) {
  const companyId = session.companyId;
  const content = cleanContent(input.content, await ownFilesOf(db, companyId, input.content), imageHosts);
  return db.transaction(async (tx) => {
    if (input.id !== undefined) {
      // Locked first, so that a delete at the same moment either waits for this save or makes it a 404.
      const [own] = await rowsOf<{ id: number }>(
        tx,
        sql`select id from company_publication where id = ${input.id} and company_id = ${companyId} and kind = ${kind} for update`,
      );
      if (!own) throw notFound(NOT_FOUND[kind]);
    }
    const recruitmentId = input.recruitmentId ?? null;
    if (recruitmentId !== null) {
      const [plan] = await rowsOf<{ id: number }>(
        tx,
        sql`select id from recruitment_plan where id = ${recruitmentId} and company_id = ${companyId} for key share`,
      );
      if (!plan) throw badRequest(PLAN_MISSING);
    }
    const coverId = input.coverId ?? null;
    if (coverId !== null) {
      const [cover] = await rowsOf<{ id: number }>(
        tx,
        sql`update stored_file set is_public = true where id = ${coverId} and company_id = ${companyId} and kind = 'image' returning id`,
      );
      if (!cover) throw badRequest(PUBLICATION_MESSAGES.coverNotFound);
    }
    const attachmentIds = input.attachmentIds ?? [];
    if (attachmentIds.length > 0) {
      const found = await rowsOf<{ id: number }>(
        tx,
        sql`update stored_file set is_public = true
          where id = any(${idArray(attachmentIds)}) and company_id = ${companyId} and kind in ('file', 'image') returning id`,
      );
      if (found.length !== new Set(attachmentIds).size) throw badRequest(PUBLICATION_MESSAGES.attachmentNotFound);
    }
    const keys = ownFileKeys(content);
    if (keys.length > 0) {
      await tx.execute(sql`update stored_file set is_public = true where company_id = ${companyId} and key = any(${textArray(keys)}) and not is_public`);
    }

    let id: number;
    if (input.id !== undefined) {
      await tx.execute(
        sql`update company_publication set title = ${input.title}, content = ${content}, top = ${input.top}, recruitment_id = ${recruitmentId},
            summary = ${input.summary ?? ''}, cover_file_id = ${coverId}, updated_at = now()
          where id = ${input.id} and company_id = ${companyId} and kind = ${kind}`,
      );
      id = input.id;
      if (kind === 'notice') await tx.execute(sql`delete from company_publication_attachment where publication_id = ${id}`);
    } else {
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into company_publication (company_id, kind, recruitment_id, title, summary, cover_file_id, content, top, created_by)
          values (${companyId}, ${kind}, ${recruitmentId}, ${input.title}, ${input.summary ?? ''}, ${coverId}, ${content}, ${input.top}, ${session.userId})
          returning id`,
      );
      id = row!.id;
    }
    if (attachmentIds.length > 0) {
      await tx.execute(
        sql`insert into company_publication_attachment (publication_id, stored_file_id, sort)
          select ${id}, f.id, f.sort::int from unnest(${idArray(attachmentIds)}) with ordinality as f(id, sort)`,
      );
    }
    return { id };
  });
}

/**
 * A change of state as one conditional statement (`change` returns the id when it applied), so of two calls at once
 * only one wins. When nothing changed, a second read tells a missing publication (404) from one in the wrong state (409).
 */
async function changeState(db: Db, session: Session, kind: Kind, id: number, change: SQL, refusal: string) {
  const [changed] = await rowsOf<{ id: number }>(db, change);
  if (changed) return null;
  const [exists] = await rowsOf<{ id: number }>(
    db,
    sql`select id from company_publication where id = ${id} and company_id = ${session.companyId} and kind = ${kind}`,
  );
  if (!exists) throw notFound(NOT_FOUND[kind]);
  throw conflict(refusal);
}

const owned = (session: Session, kind: Kind, id: number) => sql`id = ${id} and company_id = ${session.companyId} and kind = ${kind}`;

const publish = (db: Db, session: Session, kind: Kind, id: number) =>
  changeState(
    db,
    session,
    kind,
    id,
    sql`update company_publication set status = 'published', published_at = now(), updated_at = now()
      where ${owned(session, kind, id)} and status <> 'published' returning id`,
    PUBLICATION_MESSAGES.alreadyPublished,
  );

const withdraw = (db: Db, session: Session, kind: Kind, id: number) =>
  changeState(
    db,
    session,
    kind,
    id,
    sql`update company_publication set status = 'withdrawn', updated_at = now() where ${owned(session, kind, id)} and status = 'published' returning id`,
    PUBLICATION_MESSAGES.notPublished,
  );

const remove = (db: Db, session: Session, kind: Kind, id: number) =>
  changeState(
    db,
    session,
    kind,
    id,
    sql`delete from company_publication where ${owned(session, kind, id)} and status <> 'published' returning id`,
    PUBLICATION_MESSAGES.deletePublished,
  );

async function noticeDetail(db: Db, session: Session, id: number): Promise<NoticeDetail> {
  const detail = noticeDbRow.extend({ content: z.string() });
  const [row] = await parsedRows(db, publicationSql(session, 'notice', sql`p.id = ${id}`, { withContent: true }), detail);
  if (!row) throw notFound(NOT_FOUND.notice);
  const files = await rowsOf<{ id: number; name: string; key: string }>(
    db,
    sql`select f.id, f.original_name as name, f.key from company_publication_attachment a join stored_file f on f.id = a.stored_file_id
      where a.publication_id = ${id} order by a.sort, a.id`,
  );
  return { ...row, attachments: files.map((f) => fileOf(f.id, f.name, f.key)) };
}

/** 公示公告 and 新闻 (DESIGN §10): the company's staff read them; `content:publish` writes, publishes and withdraws. */
export function publicationRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  defineRoute(app, addNotice, async ({ input, session }) => savePublication(db, session, 'notice', input, config.contentImageHosts), {
    successMsg: SUCCESS_MESSAGES.saved,
  });

  defineRoute(app, companyNoticeList, async ({ input, session }) => {
    const where = sql`${statusIs(input.status)} and ${titleHas(input.keyword)} and ${planIs(input.recruitmentId)}`;
    return publicationPage(db, session, 'notice', where, noticeDbRow, input);
  });

  defineRoute(app, noticeList, async ({ input, session }) => {
    const where = sql`p.status = 'published' and ${titleHas(input.keyword)} and ${planIs(input.recruitmentId)}`;
    return publicationPage(db, session, 'notice', where, noticeDbRow, input, sql`p.top desc, p.published_at desc, p.id desc`);
  });

  defineRoute(app, getCompanyNoticeDetail, async ({ input, session }) => noticeDetail(db, session, input.id));

  defineStateChanges(app, 'notice', { publish: publishNotice, withdraw: withdrawNotice, remove: deleteNotice });

  defineRoute(
    app,
    topNotice,
    async ({ input, session }) => {
      const [changed] = await rowsOf<{ id: number }>(
        db,
        sql`update company_publication set top = ${input.top}, updated_at = now() where ${owned(session, 'notice', input.id)} returning id`,
      );
      if (!changed) throw notFound(NOT_FOUND.notice);
      return null;
    },
    { successMsg: PUBLICATION_SUCCESS.topChanged },
  );

  defineRoute(app, saveNews, async ({ input, session }) => savePublication(db, session, 'news', input, config.contentImageHosts), {
    successMsg: SUCCESS_MESSAGES.saved,
  });

  defineRoute(app, newsList, async ({ input, session }) => {
    return publicationPage(db, session, 'news', sql`${statusIs(input.status)} and ${titleHas(input.keyword)}`, newsDbRow, input);
  });

  defineRoute(app, newsDetail, async ({ input, session }): Promise<NewsDetail> => {
    const detail = newsColumns.extend({ content: z.string() }).transform(withCover);
    const [row] = await parsedRows(db, publicationSql(session, 'news', sql`p.id = ${input.id}`, { withContent: true }), detail);
    if (!row) throw notFound(NOT_FOUND.news);
    return row;
  });

  defineStateChanges(app, 'news', { publish: publishNews, withdraw: withdrawNews, remove: deleteNews });
}

/** The publish, withdraw and delete calls of one kind of publication. */
function defineStateChanges(app: FastifyInstance, kind: Kind, calls: Record<'publish' | 'withdraw' | 'remove', typeof publishNotice>) {
  const { db } = app.deps;
  defineRoute(app, calls.publish, async ({ input, session }) => publish(db, session, kind, input.id), { successMsg: PUBLICATION_SUCCESS.published });
  defineRoute(app, calls.withdraw, async ({ input, session }) => withdraw(db, session, kind, input.id), { successMsg: PUBLICATION_SUCCESS.withdrawn });
  defineRoute(app, calls.remove, async ({ input, session }) => remove(db, session, kind, input.id), { successMsg: SUCCESS_MESSAGES.deleted });
}
