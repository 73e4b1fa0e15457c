// `npm run backup` and `npm run restore -- <file> [--force]`: the embedded default's data (DATA_DIR/db, the PGlite
// database, and DATA_DIR/uploads) in one archive, backups/zhaokao-<time>.tar.gz, and back. Neither runs while the
// server uses the data dir (the copy of a database in use would not be consistent; a restore would pull it away under
// the server): the server writes DATA_DIR/zhaokao.pid (src/db/pid-file.ts), and these hold that file while they work.
// PostgreSQL is backed up with pg_dump instead (README 备份与恢复). The archive is made and read by the system's tar.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PID_FILE = 'zhaokao.pid';
const MANIFEST = 'zhaokao-backup.json';
const PARTS = ['db', 'uploads'];

class Refusal extends Error {}

const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const pidFile = path.join(dataDir, PID_FILE);

function refuseOnPostgres(what) {
  if (process.env.DATABASE_URL) {
    throw new Refusal(
      `已设置 DATABASE_URL，数据在 PostgreSQL 中：npm run ${what} 只处理内置数据库（DATA_DIR/db）。` +
        `PostgreSQL 请用 pg_dump / pg_restore，见 README“备份与恢复”。`,
    );
  }
}

/** The live process named in the pid file, other than this one (the same check as src/db/pid-file.ts). */
function pidFileOwner() {
  let pid;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim());
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return error.code === 'EPERM' ? pid : undefined;
  }
}

/** Refuses while another process uses the data dir; otherwise holds it until this process exits. */
function holdDataDir(what) {
  const owner = pidFileOwner();
  if (owner) {
    throw new Refusal(
      `进程 ${owner} 正在使用数据目录 ${dataDir}（服务正在运行，或另一个备份、恢复尚未结束）。` +
        (what === 'backup' ? '请先停止服务再备份：内置数据库运行时复制出的文件不一致。' : '请先停止服务再恢复：不能在服务运行时替换它的数据。') +
        `如果确认该进程已经不在了，删除 ${pidFile} 后重试。`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(pidFile, `${process.pid}\n`);
  process.on('exit', () => {
    if (pidFileOwner() === undefined) rmSync(pidFile, { force: true });
  });
}

function tar(args) {
  const result = spawnSync('tar', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error?.code === 'ENOENT') throw new Refusal('找不到 tar 命令：备份与恢复使用系统自带的 tar（Linux、macOS、Windows 10 及以上均自带）。');
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`tar ${args[0]} failed: ${result.stderr.trim()}`);
  return result.stdout;
}

const isEmptyDir = (dir) => !existsSync(dir) || readdirSync(dir).length === 0;

function sizeOf(dir) {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return { bytes, files };
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const pad = (n) => String(n).padStart(2, '0');

function timestamp(date) {
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

function backup(args) {
  refuseOnPostgres('backup');
  const outIndex = args.indexOf('--out');
  const outDir = path.resolve(outIndex >= 0 ? args[outIndex + 1] ?? '' : 'backups');
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new Refusal(`数据目录 ${dataDir} 中没有内置数据库（${dbDir}），没有可备份的数据。`);
  if (existsSync(`${dbDir}.initializing`)) throw new Refusal(`内置数据库 ${dbDir} 的首次创建没有完成，请先启动一次服务让它完成，再备份。`);
  holdDataDir('backup');
  if (process.env.STORAGE === 's3') console.warn('注意：STORAGE=s3，上传文件在对象存储中，不在这份备份里；请另行备份存储桶。');

  const now = new Date();
  const file = path.join(outDir, `zhaokao-${timestamp(now)}.tar.gz`);
  if (existsSync(file)) throw new Refusal(`${file} 已存在，请稍后再试。`);
  mkdirSync(outDir, { recursive: true });
  const staging = path.join(outDir, `.zhaokao-backup-${process.pid}`);
  mkdirSync(staging, { recursive: true });
  const partial = `${file}.partial`;
  try {
    const parts = PARTS.filter((part) => existsSync(path.join(dataDir, part)));
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify({ app: 'zhaokao', format: 1, createdAt: now.toISOString(), dataDir, parts }, null, 2)}\n`);
    tar(['-czf', partial, '-C', staging, MANIFEST, '-C', dataDir, ...parts]);
    renameSync(partial, file);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
  const db = sizeOf(dbDir);
  const uploads = existsSync(path.join(dataDir, 'uploads')) ? sizeOf(path.join(dataDir, 'uploads')) : { bytes: 0, files: 0 };
  console.log(
    `已备份到 ${file}（${megabytes(statSync(file).size)}）：内置数据库 ${megabytes(db.bytes)}，上传文件 ${uploads.files} 个 ${megabytes(uploads.bytes)}。` +
      `恢复：npm run restore -- ${path.relative(process.cwd(), file).startsWith('..') ? file : path.relative(process.cwd(), file)}`,
  );
}

/** Every entry of a Zhaokao backup is its manifest or lies under db/ or uploads/. */
function checkEntries(file, entries) {
  const names = entries.map((entry) => entry.replace(/^\.\//, '').replace(/\/$/, '')).filter(Boolean);
  const foreign = names.find((name) => {
    const parts = name.split('/');
    return path.isAbsolute(name) || parts.includes('..') || (name !== MANIFEST && !PARTS.includes(parts[0]));
  });
  if (foreign !== undefined || !names.includes(MANIFEST) || !names.includes('db/PG_VERSION')) {
    throw new Refusal(`${file} 不是招考的备份文件（应由 npm run backup 生成，含 ${MANIFEST} 和 db/）。`);
  }
}

/** Only plain files and folders: a link in a crafted archive would let the server serve a file of the host as an upload. */
function refuseLinks(file, dir) {
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stats = lstatSync(path.join(dir, entry));
    if (!stats.isFile() && !stats.isDirectory()) throw new Refusal(`${file} 含有链接或特殊文件（${entry}），不是 npm run backup 生成的备份，未恢复。`);
    if (stats.isFile() && stats.nlink > 1) throw new Refusal(`${file} 含有硬链接（${entry}），不是 npm run backup 生成的备份，未恢复。`);
  }
}

function restore(args) {
  refuseOnPostgres('restore');
  const force = args.includes('--force');
  const file = args.find((arg) => !arg.startsWith('--'));
  if (!file) throw new Refusal('请给出备份文件：npm run restore -- backups/zhaokao-<时间>.tar.gz');
  holdDataDir('restore');
  const archive = path.resolve(file);
  if (!existsSync(archive)) throw new Refusal(`找不到备份文件 ${archive}。`);
  checkEntries(archive, tar(['-tzf', archive]).split('\n'));
  const inUse = PARTS.filter((part) => !isEmptyDir(path.join(dataDir, part)));
  if (inUse.length > 0 && !force) {
    throw new Refusal(
      `数据目录 ${dataDir} 中已有数据（${inUse.map((part) => `${part}/`).join('、')}不为空）。恢复会删除其中的数据、换成备份里的；` +
        `确认要覆盖时加 --force：npm run restore -- ${file} --force`,
    );
  }

  // unpacked beside the data first: a damaged archive leaves the data as it was
  const staging = path.join(dataDir, `.zhaokao-restore-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    tar(['-xzf', archive, '-C', staging]);
    refuseLinks(archive, staging);
    const manifest = JSON.parse(readFileSync(path.join(staging, MANIFEST), 'utf8'));
    for (const part of PARTS) {
      rmSync(path.join(dataDir, part), { recursive: true, force: true });
      if (existsSync(path.join(staging, part))) renameSync(path.join(staging, part), path.join(dataDir, part));
    }
    // a first start cut short would otherwise make the next start throw the restored database away
    rmSync(path.join(dataDir, 'db.initializing'), { force: true });
    console.log(`已从 ${archive} 恢复到 ${dataDir}（备份于 ${new Date(manifest.createdAt).toLocaleString('zh-CN')}）。启动服务：npm start`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'backup') backup(args);
  else if (command === 'restore') restore(args);
  else throw new Refusal('用法：npm run backup [-- --out <目录>]，或 npm run restore -- <备份文件> [--force]');
} catch (error) {
  if (!(error instanceof Refusal)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
