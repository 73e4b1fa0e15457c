/*
 * Copies the files kept on the local disk (DATA_DIR/uploads) into the S3 bucket the server is configured with
 * (STORAGE=s3 and S3_*, the same environment as the server's), before the server is started on S3:
 *
 *   STORAGE=s3 S3_ENDPOINT=… S3_REGION=… S3_BUCKET=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… \
 *     npm run storage:to-s3 -w @zhaokao/server        (or: node apps/server/dist/storage-to-s3.js)
 *
 * Only files whose key is not in the bucket yet are copied, so it can be run again (after an interruption, or once
 * more right before the switch). Local files are left in place. Exits 1 when a file could not be copied or the
 * bucket holds another file under the same key.
 */
import path from 'node:path';
import { PaymentConfigError, readStorage } from './shared/config.js';
import { type CopyReport, S3Storage, copyLocalFilesToS3 } from './shared/storage-s3.js';

const MB = 1024 * 1024;
/** How many names of each kind of problem are printed. */
const LISTED = 20;

function fail(message: string): never {
  console.error(`无法复制：${message}`);
  process.exit(1);
}

const storage = (() => {
  try {
    return readStorage(process.env);
  } catch (error) {
    if (!(error instanceof PaymentConfigError)) throw error;
    fail(error.message);
  }
})();
if (storage.driver !== 's3') fail('请设置 STORAGE=s3 和 S3_* 环境变量（与服务使用的相同），见 README“对象存储（S3）”');

// as the server resolves DATA_DIR: from the directory npm was started in (npm runs the script in apps/server)
const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? 'data');
const uploads = path.join(dataDir, 'uploads');
const target = new S3Storage(storage);
const where = `存储桶 ${storage.bucket}（${storage.endpoint ?? `AWS S3 ${storage.region}`}）`;
try {
  await target.check();
} catch (error) {
  fail((error as Error).message);
}

console.log(`把 ${uploads} 下的文件复制到${where} ……`);
const startedAt = performance.now();
const describe = (report: CopyReport) =>
  `已复制 ${report.copied} 个（${(report.copiedBytes / MB).toFixed(1)} MB），已在存储桶中 ${report.alreadyThere} 个，失败 ${report.failed.length} 个`;
const report = await copyLocalFilesToS3(uploads, target, { progress: (so) => console.log(`  ${describe(so)} ……`) });
target.destroy();

const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
console.log(`本地文件 ${report.local} 个：${describe(report)}，用时 ${seconds} 秒。`);
const list = (title: string, lines: string[]) => {
  if (lines.length === 0) return;
  console.log(`${title}（${lines.length} 个）：`);
  for (const line of lines.slice(0, LISTED)) console.log(`  ${line}`);
  if (lines.length > LISTED) console.log(`  …… 另有 ${lines.length - LISTED} 个`);
};
list('复制失败', report.failed.map((f) => `${f.key}：${f.error}`));
list('存储桶中已有同名但大小不同的文件，两边都未改动，请人工核对', report.differing);
list('不是本系统生成的文件名，未复制', report.skipped);

if (report.failed.length > 0 || report.differing.length > 0) {
  console.log('请处理上面的问题后再运行一次（已复制的文件不会重复复制）。');
  process.exit(1);
}
console.log(`本地文件都已在${where}中。以 STORAGE=s3 启动服务并确认文件能正常打开后，本地的 uploads 目录可以删除或留作备份。`);
