import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, link, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from './errors.js';

/** Where uploaded files live (DESIGN §7): the local disk (`LocalStorage`) or an S3-compatible store (`S3Storage`). */
export interface FileStorage {
  /** Stores a new file; refuses (`StorageKeyTaken`) a key that already holds one. */
  put(key: string, content: Buffer): Promise<void>;
  /** The file's content, or null when there is none under `key`. */
  read(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** Resolves when the store can be written to, else rejects saying why (for the readiness check and the start). */
  check(): Promise<void>;
}

export const STORAGE_UNAVAILABLE_MESSAGE = '文件存储暂不可用，请稍后再试';
const SERVICE_UNAVAILABLE = 503;

/**
 * The store failed (unreachable, refusing, disk full): the request is answered 503 with a message to try again, and
 * the cause goes to the log.
 */
export const storageUnavailable = (cause: unknown) =>
  new AppError(SERVICE_UNAVAILABLE, STORAGE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE, { cause });

/** `put` on a key that already holds a file: stored files are never overwritten. */
export class StorageKeyTaken extends Error {
  constructor(readonly key: string) {
    super(`storage key ${key} already holds a file`);
  }
}

/** Keys are made by the server; anything else (a path out of the root, odd characters) is a mistake in the code. */
export function checkStorageKey(key: string) {
  if (!/^[A-Za-z0-9/_.-]+$/.test(key) || key.includes('..') || key.startsWith('/')) throw new Error(`unsafe storage key ${key}`);
}

export class LocalStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string) {
    checkStorageKey(key);
    return path.join(this.root, key);
  }

  /**
   * Written to a temporary file first and then linked under its name, which fails when the name is taken: a reader
   * never sees half a file, and a write that fails (disk full) leaves nothing behind.
   */
  async put(key: string, content: Buffer) {
    const file = this.pathOf(key);
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temporary, content, { flag: 'wx' });
      await link(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageKeyTaken(key);
      throw storageUnavailable(error);
    } finally {
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }

  async read(key: string) {
    const file = this.pathOf(key);
    try {
      await stat(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw storageUnavailable(error);
    }
    return createReadStream(file);
  }

  async remove(key: string) {
    const file = this.pathOf(key);
    try {
      await rm(file, { force: true });
    } catch (error) {
      throw storageUnavailable(error);
    }
  }

  async check() {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.W_OK);
    } catch (error) {
      throw new Error(`上传文件目录 ${this.root} 不可写：${(error as Error).message}`, { cause: error });
    }
  }
}
