import { randomUUID } from 'node:crypto';
import {
  ResultCode, UNSTORABLE_TEXT_MESSAGE, UPLOAD_RULES, UPLOAD_TOKEN_HEADER, type UploadKind, getUpToken,
  imageUpload, imageUploadAndSave, sizeMessage, uploadToStorage, uploadLimitKb, isUnstorableText,
  uploadProblem,
} from '@zhaokao/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { staffUser, storedFile, uploadToken, userSession } from '../../db/tables.js';
import { newToken, sha256 } from '../../shared/crypto.js';
import { AppError, badRequest, notFound } from '../../shared/errors.js';
import { rateLimitFor } from '../../plugins/rate-limit.js';
import { isCandidateFileKey, readableCandidateFile } from '../candidate-resume/index.js';
import { defineRoute, requestToken } from '../../shared/route.js';

/** An upload token lasts this long, and never beyond the session that asked for it. */
const UPLOAD_TOKEN_MINUTES = 10;

interface Uploader {
  companyId: number;
  userId: number;
}

interface UploadOptions {
  kind: UploadKind;
  maxKb?: number;
  public: '0' | '1';
}

/** What the content really is, judged by its bytes; plain text has no magic number, so it is checked apart. */
async function detectMime(content: Buffer, extension: string): Promise<string | null> {
  const detected = await fileTypeFromBuffer(content);
  if (detected) return detected.mime;
  if (extension === 'txt' && !content.includes(0) && isUtf8(content)) return 'text/plain';
  return null;
}

function isUtf8(content: Buffer) {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

/** RFC 8187 ext-value: encodeURIComponent leaves ' ( ) * unescaped, which a filename* value may not hold. */
const encodeRfc8187 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function storageRoutes(app: FastifyInstance) {
  const { db, storage } = app.deps;

  async function receive(request: FastifyRequest, who: Uploader, options: UploadOptions, saved: boolean) {
    if (!request.isMultipart()) throw badRequest('请选择要上传的文件');
    const part = await request.file();
    if (!part) throw badRequest('请选择要上传的文件');
    const rule = UPLOAD_RULES[options.kind];
    const limitKb = uploadLimitKb(options.kind, options.maxKb);
    let content: Buffer;
    try {
      content = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(sizeMessage(limitKb));
      throw error;
    }
    const name = part.filename || 'file';
    const problem = uploadProblem(options.kind, name, content.length, options.maxKb);
    if (problem) throw badRequest(problem);
    if (content.length === 0) throw badRequest('上传的文件是空的');
    const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    const mime = await detectMime(content, extension);
    if (!mime || !rule.mimes.includes(mime)) throw badRequest(rule.typeMessage);

    const now = new Date();
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const key = `${who.companyId}/${month}/${randomUUID()}.${extension}`;
    await storage.put(key, content);
    try {
      const [row] = await db
        .insert(storedFile)
        .values({
          companyId: who.companyId,
          uploaderId: who.userId,
          key,
          originalName: name,
          mime,
          size: content.length,
          kind: options.kind,
          isPublic: options.public === '1',
          saved,
        })
        .returning({ id: storedFile.id });
      const url = `/api/files/${key}`;
      return { id: row!.id, key, url, name, size: content.length, mime, localHttpFilePath: url, localFilePath: key };
    } catch (error) {
      await storage.remove(key);
      throw error;
    }
  }

  // The file is read from the network inside the handler: not while holding a transaction (one insert follows).
  defineRoute(app, imageUpload, ({ input, request, session }) => receive(request, session, input, false), { ownTransactions: true });
  defineRoute(app, imageUploadAndSave, ({ input, request, session }) => receive(request, session, input, true), { ownTransactions: true });

  defineRoute(app, getUpToken, async ({ session }) => {
    const token = newToken();
    const [own] = await db
      .select({ expiresAt: userSession.expiresAt })
      .from(userSession)
      .where(eq(userSession.id, session.sessionId));
    const expiresAt = new Date(Math.min(Date.now() + UPLOAD_TOKEN_MINUTES * 60_000, own!.expiresAt.getTime()));
    await db.insert(uploadToken).values({
      tokenHash: sha256(token),
      companyId: session.companyId,
      userId: session.userId,
      sessionId: session.sessionId,
      expiresAt,
    });
    return { token, accZoneURL: '/api/storage/upload', expiresAt: expiresAt.toISOString() };
  });

  defineRoute(app, uploadToStorage, async ({ input, request }) => {
    const header = request.headers[UPLOAD_TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw badRequest('缺少上传凭证');
    const now = new Date();
    // The token, and the session that asked for it: not signed out, not ended elsewhere, not expired.
    const [grant] = await db
      .select({ companyId: uploadToken.companyId, userId: uploadToken.userId })
      .from(uploadToken)
      .innerJoin(userSession, eq(userSession.id, uploadToken.sessionId))
      .innerJoin(staffUser, eq(staffUser.id, uploadToken.userId))
      .where(
        and(
          eq(uploadToken.tokenHash, sha256(token)),
          gt(uploadToken.expiresAt, now),
          isNull(userSession.endedAt),
          isNull(userSession.endReason),
          gt(userSession.expiresAt, now),
          eq(staffUser.enabled, true),
        ),
      );
    // Not a session code: an old upload token must not sign the user out.
    if (!grant) throw new AppError(ResultCode.UNAUTHORIZED, '上传凭证无效或已过期，请刷新页面后重试', 401);
    return receive(request, grant, input, false);
  });

  /** Sends a stored file: inline when a browser shows it, else as a download, never sniffed for another type. */
  async function sendFile(reply: FastifyReply, file: { key: string; mime: string; originalName: string }, isPublic: boolean) {
    const stream = await storage.read(file.key);
    if (!stream) throw notFound('文件不存在');
    const inline = /^(image|video|audio)\//.test(file.mime) || file.mime === 'application/pdf';
    return reply
      .header('Content-Type', file.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', isPublic ? 'public, max-age=86400' : 'private, max-age=3600')
      .header(
        'Content-Disposition',
        `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeRfc8187(file.originalName)}`,
      )
      .send(stream);
  }

  app.get('/api/files/*', { config: rateLimitFor('public', app.deps.config.rateLimits) }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // A NUL (`%00`) would reach PostgreSQL, which cannot hold it in text: bad input, as in every contract call.
    if (isUnstorableText(key)) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
    if (isCandidateFileKey(key)) {
      const file = await readableCandidateFile(app, request, key);
      if (!file) throw notFound('文件不存在');
      return sendFile(reply, file, false);
    }
    const [file] = await db.select().from(storedFile).where(eq(storedFile.key, key)).limit(1);
    if (!file) throw notFound('文件不存在');
    if (!file.isPublic) {
      const session = await app.deps.sessions.fromToken(requestToken(request));
      if (session.companyId !== file.companyId) throw notFound('文件不存在');
    }
    return sendFile(reply, file, file.isPublic);
  });
}
