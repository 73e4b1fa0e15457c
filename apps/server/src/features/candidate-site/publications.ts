import {
  CANDIDATE_SITE_MESSAGES, OWN_FILE_PREFIX, type PageInput, type PublicationFile, candidatePublicationDetail,
  candidateSitePublicationRow,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../shared/errors.js';
import { chinaTimeText, pagedRows, parsedRows } from '../../shared/rows.js';
import { idArray, rowsOf } from '../../shared/sql.js';
import { publicationVisible } from './visible.js';

type Kind = 'notice' | 'news';

const fileOf = (id: number, name: string, key: string): PublicationFile => ({ id, name, url: `${OWN_FILE_PREFIX}${key}` });

/** A publication row as the database answers it: the China time, and the cover's columns made one file. */
const publicationDbRow = candidateSitePublicationRow
  .omit({ cover: true })
  .extend({ publishedAt: chinaTimeText, coverId: z.number().int().nullable(), coverName: z.string().nullable(), coverKey: z.string().nullable() })
  .transform(({ coverId, coverName, coverKey, ...row }) => ({ ...row, cover: coverId !== null ? fileOf(coverId, coverName!, coverKey!) : null }));

const columns = sql`pub.id, pub.kind, pub.title, pub.top, pub.published_at as "publishedAt", pub.recruitment_id as "planId", pub.summary,
  f.id as "coverId", f.original_name as "coverName", f.key as "coverKey"`;

const whereOf = (companyId: number, kind: Kind, planId: number | undefined): SQL =>
  sql`${publicationVisible(companyId)} and pub.kind = ${kind} ${planId !== undefined ? sql`and pub.recruitment_id = ${planId}` : sql``}`;

/** One page of the company's published notices or news (one plan's notices with `planId`), pinned first, then the newest. */
export function publicationPage(db: Db, companyId: number, kind: Kind, planId: number | undefined, page: PageInput) {
  const where = whereOf(companyId, kind, planId);
  return pagedRows(
    db,
    {
      count: sql`select count(*)::int as n from company_publication pub where ${where}`,
      rows: sql`select ${columns} from company_publication pub left join stored_file f on f.id = pub.cover_file_id
        where ${where} order by pub.top desc, pub.published_at desc, pub.id desc`,
    },
    publicationDbRow,
    page,
  );
}

/** The attachments of the notices `ids`, by notice, in the editor's order. */
export async function attachmentsOf(db: Db, ids: readonly number[]): Promise<Map<number, PublicationFile[]>> {
  const byNotice = new Map<number, PublicationFile[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byNotice;
  const files = await rowsOf<{ publicationId: number; id: number; name: string; key: string }>(
    db,
    sql`select a.publication_id as "publicationId", f.id, f.original_name as name, f.key
      from company_publication_attachment a join stored_file f on f.id = a.stored_file_id
      where a.publication_id = any(${idArray(ids)}) order by a.sort, a.id`,
  );
  for (const file of files) byNotice.get(file.publicationId)!.push(fileOf(file.id, file.name, file.key));
  return byNotice;
}

/** One published notice or news item of the company with its content and attachments, or the one 404. */
export async function publicationDetail(db: Db, companyId: number, id: number): Promise<z.output<typeof candidatePublicationDetail.output>> {
  const detailRow = candidateSitePublicationRow
    .omit({ cover: true })
    .extend({
      publishedAt: chinaTimeText,
      content: z.string(),
      coverId: z.number().int().nullable(),
      coverName: z.string().nullable(),
      coverKey: z.string().nullable(),
    })
    .transform(({ coverId, coverName, coverKey, ...row }) => ({ ...row, cover: coverId !== null ? fileOf(coverId, coverName!, coverKey!) : null }));
  const [row] = await parsedRows(
    db,
    sql`select ${columns}, pub.content from company_publication pub left join stored_file f on f.id = pub.cover_file_id
      where pub.id = ${id} and ${publicationVisible(companyId)}`,
    detailRow,
  );
  if (!row) throw notFound(CANDIDATE_SITE_MESSAGES.publicationMissing);
  return { ...row, attachments: (await attachmentsOf(db, [row.id])).get(row.id)! };
}
