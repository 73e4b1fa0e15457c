import { IDENTITY_NO_LOCKED_MESSAGE, type ResumeDraft, splitUrls } from '@zhaokao/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { candidateAccount, candidateFile, candidateResume, talent } from '../../db/tables.js';
import { badRequest, conflict } from '../../shared/errors.js';
import { candidateFileKeyOf } from './files.js';

export const NOT_OWN_FILE_MESSAGE = '只能使用您自己上传的文件';

/** The resume as saved so far; before the first save the account's own mobile number stands in for the phone. */
export async function readResume(db: Db, candidateId: number) {
  const [row] = await db
    .select({ phone: candidateAccount.phone, talentId: candidateAccount.talentId, resume: candidateResume.resume, updatedAt: candidateResume.updatedAt })
    .from(candidateAccount)
    .leftJoin(candidateResume, eq(candidateResume.candidateId, candidateAccount.id))
    .where(eq(candidateAccount.id, candidateId));
  const resume: ResumeDraft = { ...row!.resume };
  if (resume.phone === undefined) resume.phone = row!.phone;
  return { resume, identityNoLocked: row!.talentId !== null, updatedAt: row!.updatedAt?.toISOString() ?? null };
}

/** The file urls a section's values hold: the photo, and the image of each certificate and attachment entry. */
function fileUrlsOf(values: Record<string, unknown>): string[] {
  const urls = typeof values.certificateImage === 'string' ? splitUrls(values.certificateImage) : [];
  for (const list of [values.certificateList, values.enclosureList]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list as { image?: unknown }[]) if (typeof entry.image === 'string') urls.push(...splitUrls(entry.image));
  }
  return urls;
}

/** Refuses values that point at anything but files this candidate uploaded (another's, a staff upload, an outside address). */
async function checkOwnFiles(db: Db, candidateId: number, values: Record<string, unknown>) {
  const urls = fileUrlsOf(values);
  if (urls.length === 0) return;
  const keys = [...new Set(urls.map(candidateFileKeyOf))];
  if (keys.some((key) => key === null)) throw badRequest(NOT_OWN_FILE_MESSAGE);
  const own = await db
    .select({ key: candidateFile.key })
    .from(candidateFile)
    .where(and(eq(candidateFile.candidateId, candidateId), inArray(candidateFile.key, keys as string[])));
  if (own.length !== keys.length) throw badRequest(NOT_OWN_FILE_MESSAGE);
}

/** Merges one section's values into the draft: one statement, so that sections saved at once never undo each other. */
async function merge(db: Db, candidateId: number, values: Record<string, unknown>) {
  const [row] = await db
    .insert(candidateResume)
    .values({ candidateId, resume: values })
    .onConflictDoUpdate({
      target: candidateResume.candidateId,
      set: { resume: sql`candidate_resume.resume || excluded.resume`, updatedAt: sql`now()` },
    })
    .returning({ updatedAt: candidateResume.updatedAt });
  return { updatedAt: row!.updatedAt.toISOString() };
}

/**
 * Saves a section. Once the account applied as a person (talentId set), the identity number is that person's: the
 * account row is share-locked while the number is compared and the section merged, so an application linking the
 * account waits for the save, and a save after it sees the link.
 */
export async function saveSection(db: Db, candidateId: number, values: Record<string, unknown>) {
  await checkOwnFiles(db, candidateId, values);
  if (!('identityNo' in values)) return merge(db, candidateId, values);
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ talentId: candidateAccount.talentId }).from(candidateAccount).where(eq(candidateAccount.id, candidateId)).for('share');
    if (account!.talentId !== null) {
      const [person] = await tx.select({ identityNo: talent.identityNo }).from(talent).where(eq(talent.id, account!.talentId));
      if (person!.identityNo !== values.identityNo) throw conflict(IDENTITY_NO_LOCKED_MESSAGE);
    }
    return merge(tx, candidateId, values);
  });
}
