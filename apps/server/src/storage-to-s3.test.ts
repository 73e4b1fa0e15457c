import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestS3, startS3 } from './test/s3.js';

/*
 * `npm run storage:to-s3 -w @zhaokao/server`, run as an operator would (from the repository's root, DATA_DIR relative
 * to it or absolute), against a real S3 server (s3rver) started here.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3();
  dataDir = await mkdtemp(path.join(tmpdir(), 'zhaokao-to-s3-'));
});
afterAll(async () => {
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function run(env: Record<string, string>, cwd = ROOT): Promise<{ code: number; output: string }> {
  const s3Env = {
    STORAGE: 's3',
    S3_ENDPOINT: s3.config.endpoint!,
    S3_REGION: s3.config.region,
    S3_BUCKET: s3.config.bucket,
    S3_ACCESS_KEY_ID: s3.config.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', '--prefix', ROOT, 'storage:to-s3', '-w', '@zhaokao/server'],
      {
        cwd,
        env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', DATA_DIR: dataDir, ...s3Env, ...env },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const FILES: Record<string, string> = {
  '1/202601/0b7d2a3c-1111-4aaa-8bbb-000000000001.png': 'png of company 1',
  '1/202602/0b7d2a3c-1111-4aaa-8bbb-000000000002.pdf': 'pdf of company 1',
  '2/202602/0b7d2a3c-1111-4aaa-8bbb-000000000003.jpg': 'jpg of company 2',
  'c/17/202602/0b7d2a3c-1111-4aaa-8bbb-000000000004.pdf': "a candidate's scan",
  'print-jobs/1/0b7d2a3c-1111-4aaa-8bbb-000000000005.pdf': 'tickets',
};

async function writeUploads(files: Record<string, string>) {
  for (const [key, content] of Object.entries(files)) {
    const file = path.join(dataDir, 'uploads', key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

// each run starts npm, tsx and the AWS SDK: seconds on a busy machine
describe('storage:to-s3', { timeout: 120_000 }, () => {
  it('copies every local file into the bucket, and on a second run only what is new', async () => {
    await writeUploads({
      ...FILES,
      // left by a write that was interrupted, and a name the server never makes
      '1/202602/x.png.0b7d2a3c-1111-4aaa-8bbb-000000000009.tmp': 'half',
      '1/202602/odd name.png': 'copied by hand',
    });

    const first = await run({});
    expect(first.output).toContain(`把 ${path.join(dataDir, 'uploads')} 下的文件复制到存储桶 zhaokao-test（${s3.config.endpoint}）`);
    expect(first.output).toMatch(/本地文件 6 个：已复制 5 个（0\.0 MB），已在存储桶中 0 个，失败 0 个，用时 [\d.]+ 秒。/);
    expect(first.output).toContain('不是本系统生成的文件名，未复制（1 个）：\n  1/202602/odd name.png');
    expect(first.code).toBe(0);
    expect(await s3.keys()).toEqual(Object.keys(FILES).sort());
    const storage = s3.storage();
    for (const [key, content] of Object.entries(FILES)) {
      const chunks: Buffer[] = [];
      for await (const chunk of (await storage.read(key))!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe(content);
    }

    const again = await run({});
    expect(again.output).toMatch(/本地文件 6 个：已复制 0 个（0\.0 MB），已在存储桶中 5 个，失败 0 个/);
    expect(again.code).toBe(0);

    const added = '2/202603/0b7d2a3c-1111-4aaa-8bbb-000000000006.png';
    await writeUploads({ [added]: 'uploaded since' });
    // DATA_DIR relative to the directory npm was started in, as the server reads it
    const third = await run({ DATA_DIR: path.basename(dataDir) }, path.dirname(dataDir));
    expect(third.output).toMatch(/本地文件 7 个：已复制 1 个（0\.0 MB），已在存储桶中 5 个，失败 0 个/);
    expect(third.code).toBe(0);
    expect(await s3.keys()).toContain(added);
  });

  it('leaves a file the bucket holds with another size alone on both sides, and says so', async () => {
    const key = '3/202603/0b7d2a3c-1111-4aaa-8bbb-000000000007.png';
    await s3.storage().put(key, Buffer.from('the bucket has this one'));
    await writeUploads({ [key]: 'the disk has another' });
    const res = await run({});
    expect(res.output).toContain(`存储桶中已有同名但大小不同的文件，两边都未改动，请人工核对（1 个）：\n  ${key}`);
    expect(res.output).toContain('请处理上面的问题后再运行一次（已复制的文件不会重复复制）。');
    expect(res.code).toBe(1);
  });

  it.each([
    [{ STORAGE: '' }, '无法复制：设置了对象存储的环境变量（S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE），但 STORAGE 不是 s3'],
    [{ S3_SECRET_ACCESS_KEY: '' }, '无法复制：对象存储（STORAGE=s3）配置不完整，缺少环境变量：S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'no-such-bucket' }, '无法复制：对象存储不可用：存储桶 no-such-bucket 不存在，请检查 S3_BUCKET'],
  ])('refuses with %j and says why', async (env, message) => {
    const res = await run(env);
    expect(res.output).toContain(message);
    expect(res.code).toBe(1);
  });
});
