import { mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CANDIDATE_TOKEN_HEADER } from '@zhaokao/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { candidateFile, storedFile } from '../../db/tables.js';
import { type FileStorage, LocalStorage, STORAGE_UNAVAILABLE_MESSAGE } from '../../shared/storage.js';
import { expectError, useTestApp } from '../../test/app.js';
import { signInCandidate } from '../../test/candidates.js';
import { startS3 } from '../../test/s3.js';
import { fileUpload } from '../../test/multipart.js';

/*
 * Uploads and downloads through the app on both drivers: the local disk, and a real S3 server (s3rver) started here
 * with its bucket. Private files stay behind the server's permission check on both, and a store that fails during
 * an upload leaves neither a file row nor a file.
 */

interface Store {
  storage: FileStorage;
  /** Every key the store holds, sorted. */
  keys(): Promise<string[]>;
  /** The ways this store is made to fail here: each `fail()` until its `mend()`. */
  failures: Record<string, { fail(): Promise<void>; mend(): Promise<void>; readsFail: boolean }>;
  close(): Promise<void>;
}

async function localStore(): Promise<Store> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'zhaokao-files-'));
  const root = path.join(dataDir, 'uploads');
  const keys = async () => {
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  };
  let moved = '';
  return {
    storage: new LocalStorage(root),
    keys,
    failures: {
      'the uploads directory cannot be written': {
        async fail() {
          moved = `${root}.away`;
          await rm(moved, { recursive: true, force: true });
          await rename(root, moved);
          await writeFile(root, 'not a directory');
        },
        async mend() {
          await rm(root, { force: true });
          await rename(moved, root);
        },
        readsFail: false,
      },
    },
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function s3Store(): Promise<Store> {
  const s3 = await startS3();
  return {
    storage: s3.storage(),
    keys: () => s3.keys(),
    failures: {
      'the connection to S3 breaks in the middle of the upload': {
        fail: async () => s3.cutUploads(true),
        mend: async () => s3.cutUploads(false),
        readsFail: false,
      },
      'the S3 server is down': { fail: () => s3.stopServer(), mend: () => s3.startServer(), readsFail: true },
    },
    close: () => s3.close(),
  };
}

/** A 1×1 PNG padded to 64 KB by a tEXt chunk (the CRC is not checked by the type detection). */
const PNG = (() => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const text = Buffer.concat([Buffer.from([0, 0, 0xff, 0xf0]), Buffer.from('tEXt'), Buffer.alloc(0xfff0, 0x61), Buffer.alloc(4)]);
  return Buffer.concat([png.subarray(0, 33), text, png.subarray(33)]);
})();
/** A PDF of about 20 KB (a long comment line). */
const PDF = Buffer.from(`%PDF-1.4\n%${'a'.repeat(20_000)}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);

describe.each([
  ['the local disk', localStore, ['the uploads directory cannot be written']],
  ['S3 (s3rver)', s3Store, ['the connection to S3 breaks in the middle of the upload', 'the S3 server is down']],
])('files through the app on %s', (_, makeStore, failures) => {
  const store = {} as Store;
  // filled in before useTestApp's own beforeAll makes the app with it
  const options: { storage?: FileStorage } = {};
  beforeAll(async () => {
    Object.assign(store, await makeStore());
    options.storage = store.storage;
  });
  // registered before useTestApp's afterAll, so it runs after the app has closed
  afterAll(() => store.close?.());
  const t = useTestApp(options);

  function multipart(url: string, fileName: string, content: Buffer, headers: Record<string, string>) {
    const upload = fileUpload(fileName, content);
    return t.app.inject({ method: 'POST', url, headers: { ...upload.headers, ...headers }, payload: upload.payload });
  }
  const staffUpload = (token: string, isPublic: '0' | '1' = '0', content = PNG) =>
    multipart(`/api/admin/qiniu/imageUpload?kind=image&public=${isPublic}`, '身份证扫描件.png', content, { 'x-token': token });
  const candidateUpload = (token: string) => multipart('/api/candidate/upload?kind=attachment', '学位证.pdf', PDF, { [CANDIDATE_TOKEN_HEADER]: token });
  const getFile = (key: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/files/${key}`, headers });
  const saved = async () => ({
    staffFiles: (await t.db.select({ key: storedFile.key }).from(storedFile)).map((r) => r.key).sort(),
    candidateFiles: (await t.db.select({ key: candidateFile.key }).from(candidateFile)).map((r) => r.key).sort(),
    inStore: await store.keys(),
  });

  it("keeps a company's private upload in the store and serves it to that company only", async () => {
    const res = await staffUpload(t.admin);
    expect(res.json()).toMatchObject({ code: 200, data: { size: PNG.length, mime: 'image/png' } });
    const { key } = res.json().data;
    expect(await store.keys()).toContain(key);

    for (const token of [t.admin, t.shenhe]) {
      const own = await getFile(key, { 'x-token': token });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, max-age=3600');
      expect(own.rawPayload.equals(PNG)).toBe(true);
    }
    expectError(await getFile(key, { 'x-token': t.hospital }), 404, '文件不存在');
    expectError(await getFile(key, { cookie: `Admin-Token=${t.hospital}` }), 404, '文件不存在');
    const anonymous = await getFile(key);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 50008, data: null });
  });

  it('serves a public upload to anyone', async () => {
    const { key } = (await staffUpload(t.admin, '1')).json().data;
    const res = await getFile(key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it("keeps a candidate's scan private to the candidate", async () => {
    const [mine, other] = [await signInCandidate(t, '13912340001'), await signInCandidate(t, '13912340002')];
    const res = await candidateUpload(mine);
    expect(res.json()).toMatchObject({ code: 200, data: { name: '学位证.pdf' } });
    const key = res.json().data.url.slice('/api/files/'.length);
    expect(await store.keys()).toContain(key);

    const own = await getFile(key, { [CANDIDATE_TOKEN_HEADER]: mine });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    // another candidate, staff of a company the candidate never applied to, nobody
    const others: Record<string, string>[] = [{ [CANDIDATE_TOKEN_HEADER]: other }, { 'x-token': t.admin }, { 'x-token': t.hospital }, {}];
    for (const headers of others) {
      expectError(await getFile(key, headers), 404, '文件不存在');
    }
  });

  describe('while the store fails', () => {
    it.each(failures)('answers uploads 503 “文件存储暂不可用” when %s, saving nothing', async (failure) => {
      const { fail, mend, readsFail } = store.failures[failure]!;
      const { key: stored } = (await staffUpload(t.admin)).json().data;
      const candidate = await signInCandidate(t, `1391235${String(Math.floor(Math.random() * 9000) + 1000)}`);
      const before = await saved();
      await fail();
      try {
        expectError(await staffUpload(t.admin), 503, STORAGE_UNAVAILABLE_MESSAGE);
        expectError(await candidateUpload(candidate), 503, STORAGE_UNAVAILABLE_MESSAGE);
        if (readsFail) expectError(await getFile(stored, { 'x-token': t.admin }), 503, STORAGE_UNAVAILABLE_MESSAGE);
      } finally {
        await mend();
      }
      // the store may keep a broken upload's leftover for a moment; the driver deletes it again shortly after
      await vi.waitFor(async () => expect(await saved()).toEqual(before), { timeout: 5_000, interval: 250 });
      // and once the store is back
      expect((await staffUpload(t.admin)).json()).toMatchObject({ code: 200 });
      expect((await getFile(stored, { 'x-token': t.admin })).rawPayload.equals(PNG)).toBe(true);
    });
  });
});
