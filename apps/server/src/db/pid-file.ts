import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `DATA_DIR/zhaokao.pid`: the process using the data dir's embedded database, which only one process may open at a
 * time (PGlite keeps no lock of its own). The server writes it at start and removes it at exit; `npm run backup`
 * and `restore` (apps/server/scripts/data-archive.mjs, which reads and writes the same file) hold it while they work.
 */
export const PID_FILE = 'zhaokao.pid';

/** The live process named in the data dir's pid file, other than this one; none for a missing or stale file. */
export function pidFileOwner(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Claims the data dir for this process until it exits, or ends it with a message when another process holds it. */
export function writePidFile(dataDir: string) {
  const owner = pidFileOwner(dataDir);
  const file = path.join(dataDir, PID_FILE);
  if (owner) {
    console.error(
      `启动失败：进程 ${owner} 正在使用数据目录 ${dataDir} 中的内置数据库（另一个服务进程，或正在备份、恢复），同一个内置数据库只能由一个进程打开。` +
        `如果确认该进程已经不在了，删除 ${file} 后再启动。`,
    );
    process.exit(1);
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${process.pid}\n`);
  process.on('exit', () => {
    if (pidFileOwner(dataDir) === undefined) rmSync(file, { force: true });
  });
}
