import { randomUUID } from 'node:crypto';
import { CANDIDATE_SITE_MESSAGES, DEFAULT_PHOTO_RULE, type PhotoRule, extensionOf, fileNameProblem, photoRuleOf, photoRuleText } from '@zhaokao/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.js';
import { candidateFile, recruitmentPlan } from '../../db/tables.js';
import { badRequest, notFound } from '../../shared/errors.js';
import { CANDIDATE_FILE_PREFIX } from './files.js';
import { jpegSize } from './jpeg-size.js';

const ATTACHMENT_MAX_MB = 5;
const ATTACHMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'];
const ATTACHMENT_MIMES = ['image/jpeg', 'image/png', 'application/pdf'];
const ATTACHMENT_TYPE_MESSAGE = '附件只能是 JPG、PNG 或 PDF 文件';

const photoProblem = (rule: PhotoRule, detail: string) => badRequest(`证件照不符合要求（${detail}）：${photoRuleText(rule)}`);

/** The uploaded file's name and bytes, refused above `maxBytes` with `tooLarge`. */
async function readFile(request: FastifyRequest, maxBytes: number, tooLarge: () => Error) {
  if (!request.isMultipart()) throw badRequest('请选择要上传的文件');
  const part = await request.file({ limits: { fileSize: maxBytes } });
  if (!part) throw badRequest('请选择要上传的文件');
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  const name = part.filename || 'file';
  const nameProblem = fileNameProblem(name);
  if (nameProblem) throw badRequest(nameProblem);
  if (content.length === 0) throw badRequest('上传的文件是空的');
  return { name, content };
}

/** The photo as the rule asks (DESIGN §11): a JPEG by its bytes, of exactly the rule's pixels and size range. */
async function receivePhoto(request: FastifyRequest, rule: PhotoRule) {
  const file = await readFile(request, rule.maxKb * 1024, () => photoProblem(rule, `超过 ${rule.maxKb} KB`));
  const type = await fileTypeFromBuffer(file.content);
  if (type?.mime !== 'image/jpeg') throw photoProblem(rule, '不是 JPG 格式');
  if (file.content.length < rule.minKb * 1024) throw photoProblem(rule, `小于 ${rule.minKb} KB`);
  const size = jpegSize(file.content);
  if (!size) throw photoProblem(rule, '无法读取图片尺寸');
  if (size.width !== rule.width || size.height !== rule.height) throw photoProblem(rule, `当前为 ${size.width}×${size.height} 像素`);
  return { ...file, mime: type.mime, extension: 'jpg' };
}

async function receiveAttachment(request: FastifyRequest) {
  const file = await readFile(request, ATTACHMENT_MAX_MB * 1024 * 1024, () => badRequest(`附件大小不能超过 ${ATTACHMENT_MAX_MB} MB`));
  if (!ATTACHMENT_EXTENSIONS.includes(extensionOf(file.name))) throw badRequest(ATTACHMENT_TYPE_MESSAGE);
  const type = await fileTypeFromBuffer(file.content);
  if (!type || !ATTACHMENT_MIMES.includes(type.mime)) throw badRequest(ATTACHMENT_TYPE_MESSAGE);
  return { ...file, mime: type.mime, extension: type.ext };
}

/** The photo rule of a published plan (404 as the public plan page answers for any other). */
async function photoRuleOfPlan(db: Db, planId: number): Promise<PhotoRule> {
  const [plan] = await db
    .select({ photoWidth: recruitmentPlan.photoWidth, photoHeight: recruitmentPlan.photoHeight, photoMinKb: recruitmentPlan.photoMinKb, photoMaxKb: recruitmentPlan.photoMaxKb })
    .from(recruitmentPlan)
    .where(and(eq(recruitmentPlan.id, planId), eq(recruitmentPlan.status, 'published')));
  if (!plan) throw notFound(CANDIDATE_SITE_MESSAGES.planMissing);
  return photoRuleOf(plan);
}

/** Stores a candidate's upload under their own key prefix and records it as theirs; answers its url. */
export async function receiveCandidateUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  candidateId: number,
  { kind, planId }: { kind: 'photo' | 'attachment'; planId?: number },
) {
  const { db, storage } = app.deps;
  const file = kind === 'photo' ? await receivePhoto(request, planId === undefined ? DEFAULT_PHOTO_RULE : await photoRuleOfPlan(db, planId)) : await receiveAttachment(request);
  const now = new Date();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const key = `${CANDIDATE_FILE_PREFIX}${candidateId}/${month}/${randomUUID()}.${file.extension}`;
  await storage.put(key, file.content);
  try {
    await db.insert(candidateFile).values({ candidateId, key, originalName: file.name, mime: file.mime, size: file.content.length, kind });
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
  return { url: `/api/files/${key}`, name: file.name, size: file.content.length };
}
