import { z } from 'zod';
import { emptyInput, postEndpoint } from '../api.js';
import { UPLOAD_KINDS } from '../upload.js';

export const uploadQuery = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: '上传类型不正确' }).default('image'),
  /** Lowers the kind's size limit for this upload; a larger value than the kind's maximum changes nothing. */
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

export const getUpToken = postEndpoint('/admin/qiniu/getUpToken', {
  input: emptyInput,
  output: z.object({ token: z.string(), accZoneURL: z.string(), expiresAt: z.string() }),
});

/** Multipart, field `file`; the query is `uploadQuery`. */
export const imageUpload = postEndpoint('/admin/qiniu/imageUpload', { input: uploadQuery, output: uploadedFile });

export const imageUploadAndSave = postEndpoint('/admin/qiniu/imageUploadAndSave', { input: uploadQuery, output: uploadedFile });

/** The header that carries getUpToken's token to the storage host (never the query string: it ends up in logs). */
export const UPLOAD_TOKEN_HEADER = 'x-upload-token';

/**
 * The storage host of the local driver: takes the token from getUpToken in the `X-Upload-Token` header
 * instead of a session. The token lasts a few minutes and no longer than the session that asked for it.
 */
export const uploadToStorage = postEndpoint('/storage/upload', { auth: false, input: uploadQuery, output: uploadedFile });
