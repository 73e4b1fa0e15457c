import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffUser, storedFile, uploadToken, userSession } from '../../db/tables.js';
import { sha256 } from '../../shared/crypto.js';
import { expectError, useTestApp } from '../../test/app.js';

const t = useTestApp();

// ---- tiny real files, built from bytes ----

/** A 1×1 RGBA PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A 16×16 baseline JFIF JPEG. */
const JPEG_16X16 = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/' +
    '2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QA' +
    'FgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAEC' +
    'BQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXm' +
    'm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+' +
    'Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwet' +
    'f//Z',
  'base64',
);
/** A 1×1 GIF89a. */
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
/** An ID3v2.3 header followed by two MPEG-1 layer III frames (128 kbit/s, 44.1 kHz). */
const MP3 = (() => {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([id3, frame, frame]);
})();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const BMP = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126)]);

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid 1×1 grey PNG of exactly `size` bytes, padded by a tEXt chunk. */
function pngOfSize(size: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const head = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
  ]);
  const end = chunk('IEND', Buffer.alloc(0));
  const padding = size - head.length - end.length - 12 - 8;
  if (padding < 0) throw new Error('too small');
  const text = chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padding, 0x61)]));
  const png = Buffer.concat([head, text, end]);
  expect(png.length).toBe(size);
  return png;
}

// ---- requests ----

interface Part {
  name: string;
  filename?: string;
  /** An RFC 5987 `filename*` value (percent-encoded UTF-8) in place of `filename`. */
  encodedFilename?: string;
  contentType?: string;
  content: Buffer | string;
}
function multipart(parts: Part[]) {
  const boundary = `----zhaokao${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.encodedFilename !== undefined) head += `; filename*=UTF-8''${p.encodedFilename}`;
    else if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    if (p.filename !== undefined || p.encodedFilename !== undefined) {
      head += `\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(head, 'utf8'), Buffer.from('\r\n\r\n'), Buffer.from(p.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface UploadOptions {
  token?: string;
  /** getUpToken's token, sent in X-Upload-Token. */
  uploadToken?: string;
  path?: string;
  query?: string;
  parts?: Part[];
}
function upload(filename: string, content: Buffer | string, options: UploadOptions = {}) {
  const { payload, contentType } = multipart(options.parts ?? [{ name: 'file', filename, content }]);
  const url = `${options.path ?? '/api/admin/qiniu/imageUpload'}${options.query ? `?${options.query}` : ''}`;
  const headers: Record<string, string> = { 'content-type': contentType };
  if (options.token !== undefined) headers['x-token'] = options.token;
  if (options.uploadToken !== undefined) headers['x-upload-token'] = options.uploadToken;
  return t.app.inject({ method: 'POST', url, headers, payload });
}
const upAs = (token: string, filename: string, content: Buffer | string, query?: string) =>
  upload(filename, content, { token, query });

const getFile = (key: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/files/${key}`, headers });

// ---- what is stored ----

async function filesOnDisk(): Promise<string[]> {
  try {
    const entries = await readdir(t.uploadsDir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(t.uploadsDir, path.join(e.parentPath, e.name)))
      .sort();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}
async function storedState() {
  const rows = await t.db.select({ key: storedFile.key }).from(storedFile);
  return { rows: rows.map((r) => r.key).sort(), disk: await filesOnDisk() };
}
/** Runs `action` and checks that it left neither a stored_file row nor a file on disk. */
async function storesNothing<T>(action: () => Promise<T>): Promise<T> {
  const before = await storedState();
  const result = await action();
  expect(await storedState()).toEqual(before);
  return result;
}
const rowOf = async (key: string) => (await t.db.select().from(storedFile).where(eq(storedFile.key, key)))[0];

const KEY = (ext: string) => new RegExp(`^${t.company1}/\\d{6}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.${ext}$`);

describe('image upload', () => {
  it.each([
    ['photo.png', PNG_1X1, 'image/png', 'png'],
    ['id-photo.jpg', JPEG_16X16, 'image/jpeg', 'jpg'],
    ['scan.JPEG', JPEG_16X16, 'image/jpeg', 'jpeg'],
    ['dot.gif', GIF_1X1, 'image/gif', 'gif'],
  ])('stores a real %s and serves it back', async (filename, bytes, mime, ext) => {
    const res = await upAs(t.admin, filename, bytes, 'kind=image&maxKb=5000&public=0');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: '操作成功' });
    const data = body.data;
    expect(data.key).toMatch(KEY(ext));
    expect(data).toEqual({
      id: expect.any(Number),
      key: data.key,
      url: `/api/files/${data.key}`,
      name: filename,
      size: bytes.length,
      mime,
      localHttpFilePath: `/api/files/${data.key}`,
      localFilePath: data.key,
    });

    expect(await readFile(path.join(t.uploadsDir, data.key))).toEqual(bytes);
    expect(await rowOf(data.key)).toMatchObject({
      id: data.id,
      companyId: t.company1,
      uploaderId: t.adminId,
      originalName: filename,
      mime,
      size: bytes.length,
      kind: 'image',
      isPublic: false,
      saved: false,
    });

    const file = await getFile(data.key, { 'x-token': t.admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(mime);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${filename}`);
    expect(file.headers['cache-control']).toBe('private, max-age=3600');
    expect(file.rawPayload).toEqual(bytes);
  });

  it('keeps a Chinese original name as data and encodes it in Content-Disposition', async () => {
    const res = await upAs(t.admin, '证件照.png', PNG_1X1);
    expect(res.json().code).toBe(200);
    const { key, name } = res.json().data;
    expect(name).toBe('证件照.png');
    expect(key).toMatch(KEY('png'));
    expect((await rowOf(key))!.originalName).toBe('证件照.png');
    const file = await getFile(key, { 'x-token': t.admin });
    expect(file.headers['content-disposition']).toBe(
      "inline; filename*=UTF-8''%E8%AF%81%E4%BB%B6%E7%85%A7.png",
    );
  });

  it("percent-encodes ' ( ) * in the Content-Disposition file name (RFC 8187)", async () => {
    const res = await upAs(t.admin, "it's (1)*.png", PNG_1X1);
    expect(res.json()).toMatchObject({ code: 200, data: { name: "it's (1)*.png" } });
    const file = await getFile(res.json().data.key, { 'x-token': t.admin });
    expect(file.headers['content-disposition']).toBe("inline; filename*=UTF-8''it%27s%20%281%29%2A.png");
  });

  it('keeps only the base name of a path-like file name', async () => {
    const res = await upAs(t.admin, '../../etc/x.png', PNG_1X1);
    expect(res.json()).toMatchObject({ code: 200, data: { name: 'x.png' } });
    expect(res.json().data.key).toMatch(KEY('png'));
  });

  it.each([
    ['a NUL', { filename: 'photo\u0000.png' }],
    ['a NUL, percent-encoded', { encodedFilename: 'photo%00.png' }],
    ['a control character', { filename: 'photo\u0001.png' }],
    ['a right-to-left override', { filename: 'photo\u202egnp.png' }],
    ['a right-to-left override, percent-encoded', { encodedFilename: 'invoice%E2%80%AEgnp.png' }],
    ['a left-to-right isolate', { filename: '\u2066photo.png' }],
  ])('refuses a file name with %s (400, never 500) and stores nothing', async (_, name) => {
    const res = await storesNothing(() =>
      upload('', '', { token: t.admin, parts: [{ name: 'file', ...name, content: PNG_1X1 }] }),
    );
    expectError(res, 400, '文件名含有不允许的字符，请重命名后再上传');
  });

  it('keeps a file name of 200 characters and refuses a longer one', async () => {
    const longest = `${'名'.repeat(196)}.png`;
    const kept = await upAs(t.admin, longest, PNG_1X1);
    expect(kept.json()).toMatchObject({ code: 200, data: { name: longest } });
    expect((await rowOf(kept.json().data.key))!.originalName).toBe(longest);

    const tooLong = await storesNothing(() => upAs(t.admin, `${'名'.repeat(197)}.png`, PNG_1X1));
    expectError(tooLong, 400, '文件名最长 200 个字符，请重命名后再上传');
  });

  it('keeps only the base name after a backslash too', async () => {
    const res = await upAs(t.admin, 'C:\\fakepath\\证件照.png', PNG_1X1);
    expect(res.json()).toMatchObject({ code: 200, data: { name: '证件照.png' } });
  });

  it.each([['.'], ['..'], ['...'], ['../..'], ['png.']])('refuses the file name %s as having no type', async (filename) => {
    const res = await storesNothing(() => upAs(t.admin, filename, PNG_1X1));
    expectError(res, 400, '上传文件只能是图片格式!');
  });

  it.each([
    ['picture.bmp', BMP],
    ['setup.exe', EXE],
    ['valid-png-wrong-name.bmp', PNG_1X1],
    ['no-extension', PNG_1X1],
  ])('refuses the extension of %s and stores nothing', async (filename, bytes) => {
    const res = await storesNothing(() => upAs(t.admin, filename, bytes, 'kind=image'));
    expectError(res, 400, '上传文件只能是图片格式!');
  });

  it.each([
    ['text', Buffer.from('这不是图片，只是一段文字。\n')],
    ['a PDF', PDF],
    ['a BMP', BMP],
    ['an executable', EXE],
  ])('refuses a .png whose content is %s and stores nothing', async (_, bytes) => {
    const res = await storesNothing(() => upAs(t.admin, 'disguised.png', bytes, 'kind=image'));
    expectError(res, 400, '上传文件只能是图片格式!');
  });

  it('refuses an empty file', async () => {
    const res = await storesNothing(() => upAs(t.admin, 'empty.png', Buffer.alloc(0)));
    expect(res.json()).toEqual({ code: 400, msg: '上传的文件是空的', data: null });
  });

  it('enforces maxKb to the byte', async () => {
    const over = await storesNothing(() => upAs(t.admin, 'big.png', pngOfSize(2048), 'kind=image&maxKb=1'));
    expectError(over, 400, '上传文件大小不能超过 1kb');

    const oneByteOver = await storesNothing(() => upAs(t.admin, 'big.png', pngOfSize(1025), 'maxKb=1'));
    expect(oneByteOver.json().msg).toBe('上传文件大小不能超过 1kb');

    const exact = await upAs(t.admin, 'exact.png', pngOfSize(1024), 'maxKb=1');
    expect(exact.json()).toMatchObject({ code: 200, data: { size: 1024, mime: 'image/png' } });
  });

  it('enforces the 5000 KB image default', async () => {
    const over = await storesNothing(() => upAs(t.admin, 'huge.png', pngOfSize(5000 * 1024 + 1)));
    expectError(over, 400, '上传文件大小不能超过 5000kb');

    const exact = await upAs(t.admin, 'limit.png', pngOfSize(5000 * 1024));
    expect(exact.json()).toMatchObject({ code: 200, data: { size: 5000 * 1024 } });
  });

  it("never lets maxKb raise the kind's maximum", async () => {
    const raised = await storesNothing(() => upAs(t.admin, 'huge.png', pngOfSize(6000 * 1024), 'kind=image&maxKb=6000'));
    expectError(raised, 400, '上传文件大小不能超过 5000kb');

    const justOver = await storesNothing(() => upAs(t.admin, 'huge.png', pngOfSize(5000 * 1024 + 1), 'maxKb=10000'));
    expect(justOver.json()).toEqual({ code: 400, msg: '上传文件大小不能超过 5000kb', data: null });

    const atMost = await upAs(t.admin, 'limit.png', pngOfSize(5000 * 1024), 'maxKb=10000');
    expect(atMost.json()).toMatchObject({ code: 200, data: { size: 5000 * 1024 } });
  });

  it('answers the kind limit for a file beyond what the server reads at all', async () => {
    const res = await storesNothing(() => upAs(t.admin, 'enormous.png', pngOfSize(10000 * 1024 + 10)));
    expectError(res, 400, '上传文件大小不能超过 5000kb');
  });

  it('refuses bad query values with their Chinese message', async () => {
    const cases: [string, string][] = [
      ['maxKb=10001', '单个文件不能超过 10000kb'],
      ['maxKb=abc', '大小限制必须是数字'],
      ['kind=zip', '上传类型不正确'],
      ['public=2', '公开标记只能是 0 或 1'],
      ['public=true', '公开标记只能是 0 或 1'],
    ];
    for (const [query, msg] of cases) {
      const res = await storesNothing(() => upAs(t.admin, 'photo.png', PNG_1X1, query));
      expectError(res, 400, msg);
    }
  });

  it('asks for a file when there is no file part', async () => {
    const fieldsOnly = await storesNothing(() =>
      upload('', '', { token: t.admin, parts: [{ name: 'note', content: 'no file here' }] }),
    );
    expectError(fieldsOnly, 400, '请选择要上传的文件');

    const json = await storesNothing(() =>
      t.app.inject({ method: 'POST', url: '/api/admin/qiniu/imageUpload', headers: { 'x-token': t.admin }, payload: {} }),
    );
    expect(json.json()).toEqual({ code: 400, msg: '请选择要上传的文件', data: null });
  });

  it('refuses an upload without a token with 50008', async () => {
    const res = await storesNothing(() => upload('photo.png', PNG_1X1));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 50008, data: null });
    const forged = await storesNothing(() => upload('photo.png', PNG_1X1, { token: 'x'.repeat(43) }));
    expect(forged.json()).toEqual({ code: 50008, msg: '登录状态无效，请重新登录', data: null });
  });
});

describe('audio, video and other files', () => {
  it('accepts an MP3 as audio', async () => {
    const res = await upAs(t.admin, 'listening.mp3', MP3, 'kind=audio');
    expect(res.json()).toMatchObject({ code: 200, data: { name: 'listening.mp3', mime: 'audio/mpeg', size: MP3.length } });
    const { key } = res.json().data;
    expect(key).toMatch(KEY('mp3'));
    expect(await rowOf(key)).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });
    const file = await getFile(key, { 'x-token': t.admin });
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.rawPayload).toEqual(MP3);
  });

  it('refuses a PNG as audio, whatever its name', async () => {
    for (const name of ['cover.png', 'cover.mp3']) {
      const res = await storesNothing(() => upAs(t.admin, name, PNG_1X1, 'kind=audio'));
      expectError(res, 400, '上传文件只能是音频格式!');
    }
  });

  it('refuses an MP3 as an image', async () => {
    const res = await storesNothing(() => upAs(t.admin, 'song.mp3', MP3, 'kind=image'));
    expect(res.json().msg).toBe('上传文件只能是图片格式!');
  });

  it('refuses a PNG as video', async () => {
    const res = await storesNothing(() => upAs(t.admin, 'clip.mp4', PNG_1X1, 'kind=video'));
    expect(res.json()).toEqual({ code: 400, msg: '上传文件只能是视频格式!', data: null });
  });

  it('accepts a PDF as a file and serves it inline', async () => {
    const res = await upAs(t.admin, '报名须知.pdf', PDF, 'kind=file');
    expect(res.json()).toMatchObject({ code: 200, data: { mime: 'application/pdf', size: PDF.length } });
    const { key } = res.json().data;
    expect(key).toMatch(KEY('pdf'));
    const file = await getFile(key, { 'x-token': t.admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent('报名须知.pdf')}`);
    expect(file.rawPayload).toEqual(PDF);
  });

  it('serves a text file as an attachment', async () => {
    const text = Buffer.from('考试须知\n请携带身份证。\n');
    const res = await upAs(t.admin, 'notes.txt', text, 'kind=file');
    expect(res.json()).toMatchObject({ code: 200, data: { mime: 'text/plain' } });
    const file = await getFile(res.json().data.key, { 'x-token': t.admin });
    expect(file.headers['content-type']).toBe('text/plain');
    expect(file.headers['content-disposition']).toBe("attachment; filename*=UTF-8''notes.txt");
  });

  it.each([
    ['an executable', EXE],
    ['binary bytes', Buffer.from([0x00, 0x01, 0x02, 0xfe, 0xff, 0x00, 0x10])],
    ['text that is not UTF-8', Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0xff])],
  ])('refuses a .txt that is %s', async (_, bytes) => {
    const res = await storesNothing(() => upAs(t.admin, 'notes.txt', bytes, 'kind=file'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      msg: '上传文件格式不支持，请上传 PDF、Office 文档、压缩包、文本或图片',
      data: null,
    });
  });
});

const getUpToken = (token?: string) => t.post('/api/admin/qiniu/getUpToken', token);

describe('upload token and the storage host', () => {
  it('gives a token that uploads for the caller', async () => {
    const res = await getUpToken(t.shenhe);
    expect(res.json()).toMatchObject({ code: 200, data: { accZoneURL: '/api/storage/upload' } });
    const { token, accZoneURL, expiresAt } = res.json().data;
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const hashes = await t.db.select({ h: uploadToken.tokenHash }).from(uploadToken);
    expect(hashes.some((r) => r.h === token)).toBe(false);

    const up = await upload('logo.png', PNG_1X1, { path: accZoneURL, uploadToken: token, query: 'kind=image' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ code: 200, data: { name: 'logo.png', mime: 'image/png' } });
    const { key } = up.json().data;
    expect(key).toMatch(KEY('png'));
    const [shenheRow] = await t.db.select().from(staffUser).where(eq(staffUser.loginAccount, 'shenhe'));
    expect(await rowOf(key)).toMatchObject({ companyId: t.company1, uploaderId: shenheRow!.id, saved: false });
    expect(await readFile(path.join(t.uploadsDir, key))).toEqual(PNG_1X1);
    expect((await getFile(key, { 'x-token': t.admin })).rawPayload).toEqual(PNG_1X1);

    // The same checks apply on the storage host.
    const bad = await storesNothing(() =>
      upload('logo.png', Buffer.from('not an image'), { path: accZoneURL, uploadToken: token }),
    );
    expect(bad.json()).toEqual({ code: 400, msg: '上传文件只能是图片格式!', data: null });
  });

  it('refuses getUpToken without a session', async () => {
    const res = await getUpToken();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(50008);
  });

  it('refuses an invalid, expired or missing upload token with 401 (not a sign-out code) and stores nothing', async () => {
    const invalid = await storesNothing(() =>
      upload('logo.png', PNG_1X1, { path: '/api/storage/upload', uploadToken: 'y'.repeat(43) }),
    );
    expectError(invalid, 401, '上传凭证无效或已过期，请刷新页面后重试');

    const { token } = (await getUpToken(t.admin)).json().data;
    await t.db.update(uploadToken).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await storesNothing(() =>
      upload('logo.png', PNG_1X1, { path: '/api/storage/upload', uploadToken: token }),
    );
    expect(expired.json()).toEqual({ code: 401, msg: '上传凭证无效或已过期，请刷新页面后重试', data: null });

    const missing = await storesNothing(() => upload('logo.png', PNG_1X1, { path: '/api/storage/upload' }));
    expectError(missing, 400, '缺少上传凭证');

    // A session token is not an upload token.
    const session = await storesNothing(() =>
      upload('logo.png', PNG_1X1, { path: '/api/storage/upload', uploadToken: t.admin }),
    );
    expect(session.json().code).toBe(401);
  });

  it('takes the token only from the X-Upload-Token header, never from the query string', async () => {
    const { token } = (await getUpToken(t.admin)).json().data;
    const inQuery = await storesNothing(() =>
      upload('logo.png', PNG_1X1, { path: '/api/storage/upload', query: `token=${encodeURIComponent(token)}` }),
    );
    expectError(inQuery, 400, '缺少上传凭证');
  });

  it('lasts at most ten minutes and no longer than the session that asked for it', async () => {
    const before = Date.now();
    const { token, expiresAt } = (await getUpToken(t.admin)).json().data;
    const expires = new Date(expiresAt).getTime();
    expect(expires).toBeGreaterThan(before);
    expect(expires).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    const [grant] = await t.db.select().from(uploadToken).where(eq(uploadToken.tokenHash, sha256(token)));
    const [session] = await t.db.select().from(userSession).where(eq(userSession.tokenHash, sha256(t.admin)));
    expect(grant!.sessionId).toBe(session!.id);

    // A session with two minutes left gives a token that ends with it.
    const short = await t.login('admin');
    const sessionEnd = new Date(Date.now() + 2 * 60_000);
    await t.db.update(userSession).set({ expiresAt: sessionEnd }).where(eq(userSession.tokenHash, sha256(short)));
    const shortGrant = (await getUpToken(short)).json().data;
    expect(new Date(shortGrant.expiresAt).getTime()).toBe(sessionEnd.getTime());
  });

  it.each([
    ['signed out', async (token: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'x-token': token }, payload: {} });
      expect(res.json().code).toBe(200);
    }],
    ['expired', async (token: string) => {
      await t.db.update(userSession).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userSession.tokenHash, sha256(token)));
    }],
    ['ended elsewhere', async (token: string) => {
      await t.db.update(userSession).set({ endedAt: new Date(), endReason: 'elsewhere' }).where(eq(userSession.tokenHash, sha256(token)));
    }],
  ])('refuses a token once the session that asked for it has %s', async (_, endSession) => {
    const session = await t.login('shenhe');
    const { token } = (await getUpToken(session)).json().data;
    const other = (await getUpToken(t.shenhe)).json().data.token;
    await endSession(session);
    const res = await storesNothing(() => upload('logo.png', PNG_1X1, { path: '/api/storage/upload', uploadToken: token }));
    expectError(res, 401, '上传凭证无效或已过期，请刷新页面后重试');
    // The same person's token from another, still open session keeps working.
    const still = await upload('logo.png', PNG_1X1, { path: '/api/storage/upload', uploadToken: other });
    expect(still.json()).toMatchObject({ code: 200, data: { name: 'logo.png' } });
  });
});

describe('imageUploadAndSave', () => {
  it('stores the file and keeps it as saved', async () => {
    const res = await upload('banner.gif', GIF_1X1, { token: t.admin, path: '/api/admin/qiniu/imageUploadAndSave' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ name: 'banner.gif', mime: 'image/gif', size: GIF_1X1.length, localFilePath: data.key });
    expect(await rowOf(data.key)).toMatchObject({ saved: true, kind: 'image', companyId: t.company1 });
    expect(await readFile(path.join(t.uploadsDir, data.key))).toEqual(GIF_1X1);
  });

  it('checks types like imageUpload', async () => {
    const res = await storesNothing(() =>
      upload('banner.gif', PDF, { token: t.admin, path: '/api/admin/qiniu/imageUploadAndSave' }),
    );
    expect(res.json()).toEqual({ code: 400, msg: '上传文件只能是图片格式!', data: null });
  });
});

describe('reading files back', () => {
  let privateKey: string;
  let publicKey: string;
  beforeAll(async () => {
    privateKey = (await upAs(t.admin, 'private.png', PNG_1X1, 'public=0')).json().data.key;
    publicKey = (await upAs(t.admin, 'public.png', PNG_1X1, 'public=1')).json().data.key;
  });

  it('serves a private file to its own company only', async () => {
    expect((await getFile(privateKey, { 'x-token': t.admin })).statusCode).toBe(200);
    expect((await getFile(privateKey, { 'x-token': t.shenhe })).statusCode).toBe(200);

    const other = await getFile(privateKey, { 'x-token': t.hospital });
    expectError(other, 404, '文件不存在');

    const anonymous = await getFile(privateKey);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(50008);
  });

  it('serves a public file to anyone', async () => {
    expect(await rowOf(publicKey)).toMatchObject({ isPublic: true });
    const res = await getFile(publicKey);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe("inline; filename*=UTF-8''public.png");
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload).toEqual(PNG_1X1);
    expect((await getFile(publicKey, { 'x-token': t.hospital })).statusCode).toBe(200);
  });

  it('takes the Admin-Token cookie in place of the header', async () => {
    const own = await getFile(privateKey, { cookie: `Admin-Token=${t.admin}` });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload).toEqual(PNG_1X1);
    const other = await getFile(privateKey, { cookie: `Admin-Token=${t.hospital}` });
    expect(other.statusCode).toBe(404);
    const forged = await getFile(privateKey, { cookie: `Admin-Token=${'z'.repeat(43)}` });
    expect(forged.json().code).toBe(50008);
  });

  it('answers 404 for a key that does not exist', async () => {
    const res = await getFile(`${t.company1}/202601/00000000-0000-0000-0000-000000000000.png`, { 'x-token': t.admin });
    expectError(res, 404, '文件不存在');
    const traversal = await getFile('..%2F..%2Fetc%2Fpasswd', { 'x-token': t.admin });
    expect(traversal.statusCode).toBe(404);
  });

  it('answers a Chinese 400, not 500, for a key holding a NUL or a lone surrogate', async () => {
    for (const key of ['%00', `${t.company1}/a%00.png`]) {
      expectError(await getFile(key), 400, '输入内容包含无法保存的字符');
      expectError(await getFile(key, { 'x-token': t.admin }), 400, '输入内容包含无法保存的字符');
    }
    // Not UTF-8 at all: Fastify's own answer, also a Chinese 400.
    expectError(await getFile('%ED%A0%80'), 400, '请求地址不正确');
  });
});
