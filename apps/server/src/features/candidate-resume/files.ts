import { OWN_FILE_PREFIX, fileUrlKind } from '@zhaokao/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { candidateAccount, candidateApplication, candidateFile } from '../../db/tables.js';
import { AppError } from '../../shared/errors.js';
import { requestToken } from '../../shared/route.js';
import { candidateOf } from '../candidate-account/index.js';

/** Candidates' uploads live under this storage key prefix (`c/<candidateId>/<yyyymm>/<uuid>.<ext>`), apart from the companies'. */
export const CANDIDATE_FILE_PREFIX = 'c/';

export const isCandidateFileKey = (key: string) => key.startsWith(CANDIDATE_FILE_PREFIX);

/** The storage key a url of a candidate's file (`/api/files/c/…`) points at, or null for any other url. */
export function candidateFileKeyOf(url: string): string | null {
  if (fileUrlKind(url) !== 'own') return null;
  const key = url.slice(OWN_FILE_PREFIX.length);
  return isCandidateFileKey(key) ? key : null;
}

/** A refused session (no token, another kind, ended) is only no permission here: the file reads as missing. */
const orNull = <T>(promise: Promise<T>) =>
  promise.catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });

/**
 * The candidate file `key` if the request may read it, else null (answered as a missing file): the candidate who
 * uploaded it, or staff of a company the candidate's person (talent) applied to.
 */
export async function readableCandidateFile(app: FastifyInstance, request: FastifyRequest, key: string) {
  const { db, sessions } = app.deps;
  const [file] = await db
    .select({ key: candidateFile.key, mime: candidateFile.mime, originalName: candidateFile.originalName, candidateId: candidateFile.candidateId, talentId: candidateAccount.talentId })
    .from(candidateFile)
    .innerJoin(candidateAccount, eq(candidateAccount.id, candidateFile.candidateId))
    .where(eq(candidateFile.key, key))
    .limit(1);
  if (!file) return null;
  const candidate = await orNull(candidateOf(db, request));
  if (candidate?.candidateId === file.candidateId) return file;
  if (file.talentId === null) return null;
  const staff = await orNull(sessions.fromToken(requestToken(request)));
  if (!staff) return null;
  const [applied] = await db
    .select({ id: candidateApplication.id })
    .from(candidateApplication)
    .where(and(eq(candidateApplication.companyId, staff.companyId), eq(candidateApplication.talentId, file.talentId)))
    .limit(1);
  return applied ? file : null;
}
