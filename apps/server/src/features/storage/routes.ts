import { randomUUID } from 'node:crypto';
import {
  ResultCode,
  UPLOAD_RULES,
  type UploadKind,
  getUpToken,
  imageUpload,
  imageUploadAndSave,
  sizeMessage,
  storageUpload,
  uploadProblem,
} from '@zhaokao/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { storedFile, uploadToken } from '../../db/schema.js';
import { newToken, sha256 } from '../../shared/crypto.js';
import { AppError, badRequest, notFound } from '../../shared/errors.js';
import { defineRoute, headerToken } from '../../shared/route.js';
import { TOKEN_COOKIE } from '../../shared/session.js';

const UPLOAD_TOKEN_MINUTES = 60;

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
    const limitKb = options.maxKb ?? rule.defaultMaxKb;
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
          originalName: name.slice(0, 200),
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

  defineRoute(app, imageUpload, ({ input, request, session }) => receive(request, session, input, false));
  defineRoute(app, imageUploadAndSave, ({ input, request, session }) => receive(request, session, input, true));

  defineRoute(app, getUpToken, async ({ session }) => {
    const token = newToken();
    const expiresAt = new Date(Date.now() + UPLOAD_TOKEN_MINUTES * 60_000);
    await db
      .insert(uploadToken)
      .values({ tokenHash: sha256(token), companyId: session.companyId, userId: session.userId, expiresAt });
    return { token, accZoneURL: '/api/storage/upload', expiresAt: expiresAt.toISOString() };
  });

  defineRoute(app, storageUpload, async ({ input, request }) => {
    const [grant] = await db
      .select()
      .from(uploadToken)
      .where(and(eq(uploadToken.tokenHash, sha256(input.token)), gt(uploadToken.expiresAt, new Date())));
    // Not a session code: an old upload token must not sign the user out.
    if (!grant) throw new AppError(ResultCode.UNAUTHORIZED, '上传凭证无效或已过期，请刷新页面后重试', 401);
    return receive(request, grant, input, false);
  });

  app.get('/api/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const [file] = await db.select().from(storedFile).where(eq(storedFile.key, key)).limit(1);
    if (!file) throw notFound('文件不存在');
    if (!file.isPublic) {
      const token = headerToken(request) ?? request.cookies[TOKEN_COOKIE];
      const session = await app.deps.sessions.fromToken(token);
      if (session.companyId !== file.companyId) throw notFound('文件不存在');
    }
    const stream = await storage.read(file.key);
    if (!stream) throw notFound('文件不存在');
    const inline = /^(image|video|audio)\//.test(file.mime) || file.mime === 'application/pdf';
    return reply
      .header('Content-Type', file.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', file.isPublic ? 'public, max-age=86400' : 'private, max-age=3600')
      .header(
        'Content-Disposition',
        `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeRfc8187(file.originalName)}`,
      )
      .send(stream);
  });
}
