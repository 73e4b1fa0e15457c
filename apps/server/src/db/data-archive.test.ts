import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, seedPlatform } from '../seed/seed.js';
import { openDatabase } from './client.js';
import { PID_FILE } from './pid-file.js';
import { staffUser } from './tables.js';

const script = fileURLToPath(new URL('../../scripts/data-archive.mjs', import.meta.url));
const UPLOAD = 'company/1/2026/photo.jpg';
const uploadBytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));

let root: string;
let dataDir: string;
let backups: string;

/** `npm run backup` / `restore` on the test's data dir (`DATABASE_URL` unset, as for the embedded default). */
function run(...args: string[]) {
  const { DATABASE_URL: _, ...env } = process.env;
  const result = spawnSync(process.execPath, [script, ...args], { env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8' });
  return { status: result.status, out: result.stdout + result.stderr };
}

async function adminOf(dbDir: string) {
  const database = await openDatabase({ dataDir: dbDir });
  try {
    const [admin] = await database.db.select({ name: staffUser.name }).from(staffUser).where(eq(staffUser.loginAccount, 'admin'));
    return admin;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'zhaokao-archive-'));
  dataDir = path.join(root, 'data');
  backups = path.join(root, 'backups');
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await seedPlatform(database.db);
  await seedDemo(database.db, { recruitment: false });
  await database.db.update(staffUser).set({ name: '备份前的名字' }).where(eq(staffUser.loginAccount, 'admin'));
  await database.close();
  await mkdir(path.dirname(path.join(dataDir, 'uploads', UPLOAD)), { recursive: true });
  await writeFile(path.join(dataDir, 'uploads', UPLOAD), uploadBytes);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('npm run backup and npm run restore (the embedded database and the uploads)', () => {
  it('refuses while the server runs on the data dir', async () => {
    // this test's own process stands for the server: alive, and not the script's
    await writeFile(path.join(dataDir, PID_FILE), `${process.pid}\n`);
    try {
      for (const args of [['backup', '--out', backups], ['restore', 'any.tar.gz']]) {
        const answer = run(...args);
        expect(answer.status).toBe(1);
        expect(answer.out).toContain(`进程 ${process.pid} 正在使用数据目录`);
      }
    } finally {
      await rm(path.join(dataDir, PID_FILE));
    }
  });

  it('backs up, and restores into a wiped data dir: the data and the file are there', async () => {
    // the pid file of a server that crashed: its process is gone, so the data dir is free
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(path.join(dataDir, PID_FILE), `${gone}\n`);
    const made = run('backup', '--out', backups);
    expect(made.status, made.out).toBe(0);
    const [file, ...others] = await readdir(backups);
    expect(others).toEqual([]);
    expect(file).toMatch(/^zhaokao-\d{8}-\d{6}\.tar\.gz$/);
    expect(made.out).toContain('已备份到');
    // and the backup let go of the data dir when done
    await expect(readdir(dataDir)).resolves.not.toContain(PID_FILE);

    await rm(path.join(dataDir, 'db'), { recursive: true });
    await rm(path.join(dataDir, 'uploads'), { recursive: true });
    const restored = run('restore', path.join(backups, file!));
    expect(restored.status, restored.out).toBe(0);
    expect(restored.out).toContain('已从');
    expect(await adminOf(path.join(dataDir, 'db'))).toEqual({ name: '备份前的名字' });
    expect(await readFile(path.join(dataDir, 'uploads', UPLOAD))).toEqual(uploadBytes);
  });

  it('does not overwrite data without --force, and replaces it with --force', async () => {
    const [file] = await readdir(backups);
    const archive = path.join(backups, file!);
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await database.db.update(staffUser).set({ name: '备份后改的名字' }).where(eq(staffUser.loginAccount, 'admin'));
    await database.close();
    await writeFile(path.join(dataDir, 'uploads', 'later.jpg'), 'later');

    const refused = run('restore', archive);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain('已有数据');
    expect(refused.out).toContain('--force');
    expect(await adminOf(path.join(dataDir, 'db'))).toEqual({ name: '备份后改的名字' });

    const forced = run('restore', archive, '--force');
    expect(forced.status, forced.out).toBe(0);
    expect(await adminOf(path.join(dataDir, 'db'))).toEqual({ name: '备份前的名字' });
    expect((await readdir(path.join(dataDir, 'uploads'))).sort()).toEqual(['company']);
  });

  it('refuses an archive that is not a Zhaokao backup, and a missing one', async () => {
    const other = path.join(root, 'other');
    await mkdir(path.join(other, 'etc'), { recursive: true });
    await writeFile(path.join(other, 'etc', 'passwd'), 'x');
    const foreign = path.join(root, 'foreign.tar.gz');
    spawnSync('tar', ['-czf', foreign, '-C', other, 'etc']);
    for (const [archive, message] of [
      [foreign, '不是招考的备份文件'],
      [path.join(root, 'missing.tar.gz'), '找不到备份文件'],
    ] as const) {
      const answer = run('restore', archive, '--force');
      expect(answer.status).toBe(1);
      expect(answer.out).toContain(message);
    }
    expect(await adminOf(path.join(dataDir, 'db'))).toEqual({ name: '备份前的名字' });
  });

  it('leaves PostgreSQL to pg_dump', () => {
    const result = spawnSync(process.execPath, [script, 'backup'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1/none' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('pg_dump');
  });
});
