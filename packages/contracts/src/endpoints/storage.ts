import { z } from 'zod';
import { endpoint } from '../api.js';
import { UPLOAD_KINDS } from '../upload.js';

export const uploadQuery = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: '上传类型不正确' }).default('image'),
  maxKb: z.coerce.number({ error: '大小限制必须是数字' }).int().positive().max(10000, '单个文件不能超过 10000kb').optional(),
  /** Public files (logos, login backgrounds) are readable without a session. */
  public: z.enum(['0', '1'], { error: '公开标记只能是 0 或 1' }).default('0'),
});

export const uploadedFile = z.object({
  id: z.number().int(),
  key: z.string(),
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  /** Names the old front end read the address under (SPEC §7). */
  localHttpFilePath: z.string(),
  localFilePath: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const getUpToken = endpoint({
  method: 'POST',
  path: '/admin/qiniu/getUpToken',
  input: z.object({}),
  output: z.object({ token: z.string(), accZoneURL: z.string(), expiresAt: z.string() }),
});

/** Multipart, field `file`; the query is `uploadQuery`. */
export const imageUpload = endpoint({
  method: 'POST',
  path: '/admin/qiniu/imageUpload',
  input: uploadQuery,
  output: uploadedFile,
});

export const imageUploadAndSave = endpoint({
  method: 'POST',
  path: '/admin/qiniu/imageUploadAndSave',
  input: uploadQuery,
  output: uploadedFile,
});

/** The storage host of the local driver: takes the token from getUpToken instead of a session. */
export const storageUpload = endpoint({
  method: 'POST',
  path: '/storage/upload',
  auth: false,
  input: uploadQuery.extend({ token: z.string({ error: '缺少上传凭证' }).min(1, '缺少上传凭证') }),
  output: uploadedFile,
});
