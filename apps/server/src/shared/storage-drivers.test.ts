import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestS3, startS3 } from '../test/s3.js';
import { readStorage } from './config.js';
import { AppError } from './errors.js';
import { type FileStorage, LocalStorage, STORAGE_UNAVAILABLE_MESSAGE, StorageKeyTaken } from './storage.js';

/*
 * The same cases on both drivers: the local disk, and a real S3 server (s3rver) started here with its bucket.
 * A driver is asked to fail by `breakStore` (local: the uploads directory turns into a file; S3: the server stops)
 * and mended by `mendStore`.
 */
interface Driver {
  storage: FileStorage;
  breakStore(): Promise<void>;
  mendStore(): Promise<void>;
  close(): Promise<void>;
}

async function localDriver(): Promise<Driver> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'zhaokao-storage-'));
  const root = path.join(dataDir, 'uploads');
  return {
    storage: new LocalStorage(root),
    async breakStore() {
      await rm(root, { recursive: true, force: true });
      await writeFile(root, 'not a directory');
    },
    async mendStore() {
      await rm(root, { force: true });
    },
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function s3Driver(): Promise<Driver> {
  const s3 = await startS3();
  return { storage: s3.storage(), breakStore: () => s3.stopServer(), mendStore: () => s3.startServer(), close: () => s3.close() };
}

async function readAll(stream: Readable | null) {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const digest = (content: Buffer | null) => content && createHash('sha256').update(content).digest('hex');

const newKey = (ext = 'png') => `1/202611/${randomUUID()}.${ext}`;

async function expectUnavailable(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ message: STORAGE_UNAVAILABLE_MESSAGE, httpStatus: 503 });
}

describe.each([
  ['local disk', localDriver],
  ['S3 (s3rver)', s3Driver],
])('storage driver on %s', (_, makeDriver) => {
  let driver: Driver;
  let storage: FileStorage;
  beforeAll(async () => {
    driver = await makeDriver();
    storage = driver.storage;
  });
  afterAll(() => driver?.close());

  it('is ready once it can be written to', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('stores a file, reads it back whole, and removes it', async () => {
    const key = newKey();
    const content = randomBytes(300_000);
    await storage.put(key, content);
    // compared by digest: a deep comparison of 300 KB takes seconds
    expect(digest(await readAll(await storage.read(key)))).toBe(digest(content));
    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
    // removing what is not there is no error
    await storage.remove(key);
  });

  it('keeps keys apart, in folders of their own', async () => {
    const [a, b] = [`c/7/202611/${randomUUID()}.pdf`, `print-jobs/3/${randomUUID()}.pdf`];
    await storage.put(a, Buffer.from('a'));
    await storage.put(b, Buffer.from('b'));
    expect((await readAll(await storage.read(a)))!.toString()).toBe('a');
    expect((await readAll(await storage.read(b)))!.toString()).toBe('b');
  });

  it('answers null for a key that holds nothing', async () => {
    expect(await storage.read(newKey())).toBeNull();
    expect(await storage.read('nothing/here.png')).toBeNull();
  });

  it.each([['../escape.png'], ['1/../../escape.png'], ['/etc/passwd'], ['1/a b.png'], ['1/证件照.png'], ['1/a%2F.png'], ['1\\a.png'], ['']])(
    'refuses the unsafe key %j on every call',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
      await expect(storage.read(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/unsafe storage key/);
    },
  );

  it('never overwrites a stored file', async () => {
    const key = newKey();
    await storage.put(key, Buffer.from('first'));
    await expect(storage.put(key, Buffer.from('second'))).rejects.toBeInstanceOf(StorageKeyTaken);
    expect((await readAll(await storage.read(key)))!.toString()).toBe('first');
  });

  it('answers every call with “文件存储暂不可用” (503) while the store fails, and works again after', async () => {
    const stored = newKey();
    await storage.put(stored, Buffer.from('kept'));
    await driver.breakStore();
    try {
      const key = newKey();
      await expectUnavailable(storage.put(key, Buffer.from('lost')));
      await expect(storage.check()).rejects.toThrow();
      // the local driver finds no file where its directory was; S3 cannot be reached at all
      const reading = storage.read(stored).then(readAll);
      if (storage instanceof LocalStorage) expect(await reading).toBeNull();
      else await expectUnavailable(reading);
    } finally {
      await driver.mendStore();
    }
    await expect(storage.check()).resolves.toBeUndefined();
    const again = newKey();
    await storage.put(again, Buffer.from('after'));
    expect((await readAll(await storage.read(again)))!.toString()).toBe('after');
  });
});

describe('the local driver', () => {
  it('leaves no temporary file behind, whether the write succeeds or finds the key taken', async () => {
    const driver = await localDriver();
    try {
      const storage = driver.storage as LocalStorage;
      const key = '1/202611/one.png';
      await storage.put(key, Buffer.from('one'));
      await expect(storage.put(key, Buffer.from('two'))).rejects.toBeInstanceOf(StorageKeyTaken);
      expect(await readdir(path.join(storage.root, '1/202611'))).toEqual(['one.png']);
    } finally {
      await driver.close();
    }
  });

  it('of two writes of one key at once, keeps exactly one', async () => {
    const driver = await localDriver();
    try {
      const key = newKey();
      const contents = Array.from({ length: 8 }, (_, i) => Buffer.from(`writer ${i} `.repeat(10_000)));
      const results = await Promise.allSettled(contents.map((content) => driver.storage.put(key, content)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof StorageKeyTaken)).toBe(true);
      const kept = await readAll(await driver.storage.read(key));
      expect(contents.some((content) => content.equals(kept!))).toBe(true);
    } finally {
      await driver.close();
    }
  });
});

describe('the S3 driver', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.close());

  it('stores nothing when the store fails in the middle of an upload', async () => {
    const storage = s3.storage();
    const before = await s3.keys();
    s3.cutUploads(true);
    try {
      await expectUnavailable(storage.put(newKey(), randomBytes(200_000)));
    } finally {
      s3.cutUploads(false);
    }
    // each of the SDK's three attempts was cut off
    expect(s3.uploadsCut()).toBe(3);
    expect(await s3.keys()).toEqual(before);
  });

  it('says which setting is wrong when the bucket cannot be used', async () => {
    await expect(s3.storage({ bucket: 'no-such-bucket' }).check()).rejects.toThrow('对象存储不可用：存储桶 no-such-bucket 不存在，请检查 S3_BUCKET');
    const { S3Storage } = await import('./storage-s3.js');
    const wrongKeys = new S3Storage({ ...s3.config, accessKeyId: 'WRONG', secretAccessKey: 'WRONG' }, { maxAttempts: 1 });
    await expect(wrongKeys.check()).rejects.toThrow('对象存储不可用：无权访问存储桶 zhaokao-test，请检查 S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY 及其权限');
    wrongKeys.destroy();
    const nobody = new S3Storage({ ...s3.config, endpoint: 'http://127.0.0.1:9' }, { maxAttempts: 1 });
    await expect(nobody.check()).rejects.toThrow(/^对象存储不可用：无法连接 http:\/\/127\.0\.0\.1:9：/);
    nobody.destroy();
  });
});

describe('STORAGE and S3_* settings', () => {
  const s3Env = {
    STORAGE: 's3',
    S3_ENDPOINT: 'https://s3.cn-east-1.qiniucs.com/',
    S3_REGION: 'cn-east-1',
    S3_BUCKET: 'zk-files',
    S3_ACCESS_KEY_ID: 'AK',
    S3_SECRET_ACCESS_KEY: 'SK',
  };

  it('keeps files on the local disk by default', () => {
    expect(readStorage({})).toEqual({ driver: 'local' });
    expect(readStorage({ STORAGE: 'local' })).toEqual({ driver: 'local' });
  });

  it('reads a complete S3 setting, virtual-hosted unless S3_FORCE_PATH_STYLE=true', () => {
    expect(readStorage(s3Env)).toEqual({
      driver: 's3',
      endpoint: 'https://s3.cn-east-1.qiniucs.com',
      region: 'cn-east-1',
      bucket: 'zk-files',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      forcePathStyle: false,
    });
    expect(readStorage({ ...s3Env, S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({ forcePathStyle: true });
    // AWS S3 itself: no endpoint
    const { S3_ENDPOINT: _, ...aws } = s3Env;
    expect(readStorage(aws)).not.toHaveProperty('endpoint');
  });

  it.each([
    [{ STORAGE: 's3' }, '对象存储（STORAGE=s3）配置不完整，缺少环境变量：S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY'],
    [{ ...s3Env, S3_SECRET_ACCESS_KEY: ' ' }, '对象存储（STORAGE=s3）配置不完整，缺少环境变量：S3_SECRET_ACCESS_KEY'],
    [{ ...s3Env, STORAGE: 'oss' }, 'STORAGE 只能是 local 或 s3，现在是：oss'],
    [{ ...s3Env, S3_ENDPOINT: 'https://s3.example.com/zk-files' }, 'S3_ENDPOINT 不是有效的地址（http(s)://主机名[:端口]，不带存储桶和路径）：https://s3.example.com/zk-files'],
    [{ ...s3Env, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE 只能是 true 或 false，现在是：yes'],
    [{ S3_BUCKET: 'zk-files' }, '设置了对象存储的环境变量（S3_BUCKET），但 STORAGE 不是 s3：要把上传文件存入对象存储请设置 STORAGE=s3，否则删除这些变量'],
  ])('refuses to start with %j', (env, message) => {
    expect(() => readStorage(env)).toThrow(message);
  });
});
