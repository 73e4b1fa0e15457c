import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from './config.js';
import { type FileStorage, StorageKeyTaken, checkStorageKey, storageUnavailable } from './storage.js';

/** How long to wait for a connection to the store, and for it to answer once connected (ms). */
const CONNECTION_TIMEOUT_MS = 5000;
const REQUEST_TIMEOUT_MS = 30_000;

/** What the SDK's errors carry: the service's error name and the HTTP status. */
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Files in a bucket of an S3-compatible store. Files are private objects (no ACL is set): the server reads them and
 * serves them after its own permission check (features/storage/routes.ts), so the bucket never needs to be public.
 * A failure of the store is answered 503 (`storageUnavailable`) after the SDK's own retries.
 */
/** When the delete of a broken upload's leftover is made again. */
const LEFTOVER_RECHECK_MS = 1_500;

export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  readonly bucket: string;

  constructor(
    private readonly config: Omit<S3StorageConfig, 'driver'>,
    options: { maxAttempts?: number } = {},
  ) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint && { endpoint: config.endpoint }),
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where the API requires them: the SDK's newer default (CRC32 on every upload) is refused by
      // several S3-compatible services.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: options.maxAttempts ?? 3,
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  /**
   * An object is stored whole or not at all (S3 has no half-written objects). Never over another: the key is looked
   * for first, and the write itself is conditional (`If-None-Match: *`) where the store supports it (AWS S3, MinIO),
   * which also closes the gap between the two for two writers at once.
   */
  async put(key: string, content: Buffer) {
    checkStorageKey(key);
    if (await this.exists(key)) throw new StorageKeyTaken(key);
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: content, ContentLength: content.length, IfNoneMatch: '*' }),
      );
    } catch (error) {
      // 412: the key was taken meanwhile; 409: another conditional write of it is under way (AWS).
      if (statusOf(error) === 412 || statusOf(error) === 409) throw new StorageKeyTaken(key);
      // The store may have kept the object although the answer was lost, or (a store that does not check the length)
      // kept what arrived before the connection broke: the caller treats the file as not stored, so neither stays.
      const removeLeftover = () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => undefined);
      await removeLeftover();
      // a store may finish writing the broken upload after that delete: once more a little later
      setTimeout(removeLeftover, LEFTOVER_RECHECK_MS).unref();
      throw storageUnavailable(error);
    }
  }

  private async exists(key: string) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw storageUnavailable(error);
    }
  }

  async read(key: string) {
    checkStorageKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return object.Body as Readable;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw storageUnavailable(error);
    }
  }

  async remove(key: string) {
    checkStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw storageUnavailable(error);
    }
  }

  /** The bucket answers to these keys (HeadBucket); else a Chinese sentence naming what to check. */
  async check() {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = statusOf(error);
      const where = this.config.endpoint ?? `AWS S3（${this.config.region}）`;
      const reason =
        status === 404
          ? `存储桶 ${this.bucket} 不存在，请检查 S3_BUCKET`
          : status === 403
            ? `无权访问存储桶 ${this.bucket}，请检查 S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY 及其权限`
            : status === 301 || status === 400
              ? `存储桶 ${this.bucket} 不在这个地址或地域，请检查 S3_ENDPOINT、S3_REGION 和 S3_FORCE_PATH_STYLE`
              : status
                ? `${where} 回答 HTTP ${status}`
                : `无法连接 ${where}：${(error as Error).message}`;
      throw new Error(`对象存储不可用：${reason}`, { cause: error });
    }
  }

  /** Every object of the bucket with its size. */
  async sizes(): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    try {
      for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
        for (const object of page.Contents ?? []) if (object.Key) sizes.set(object.Key, object.Size ?? 0);
      }
    } catch (error) {
      throw storageUnavailable(error);
    }
    return sizes;
  }

  /** Closes the client's kept-alive connections. */
  destroy() {
    this.client.destroy();
  }
}

/** What `copyLocalFilesToS3` did. */
export interface CopyReport {
  /** Files found under the local root. */
  local: number;
  /** Of them, already in the bucket with the same size: left alone. */
  alreadyThere: number;
  copied: number;
  copiedBytes: number;
  /** In the bucket under the same key with another size: left alone on both sides, for a person to look at. */
  differing: string[];
  /** Names that are no storage key (not made by the server): not copied. */
  skipped: string[];
  failed: { key: string; error: string }[];
}

/** The temporary file of a `LocalStorage.put` under way, or left by one that was interrupted. */
const TEMPORARY_FILE = /\.[0-9a-f-]{36}\.tmp$/;

/**
 * Copies every file under `root` (DATA_DIR/uploads) whose key is not in the bucket yet, `concurrency` at a time.
 * Idempotent: run again, it copies only what is still missing. Local files are left in place.
 */
export async function copyLocalFilesToS3(
  root: string,
  target: S3Storage,
  { concurrency = 8, progress }: { concurrency?: number; progress?: (report: CopyReport) => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { local: 0, alreadyThere: 0, copied: 0, copiedBytes: 0, differing: [], skipped: [], failed: [] };
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = entries
    .filter((entry) => entry.isFile() && !TEMPORARY_FILE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  report.local = files.length;
  const inBucket = await target.sizes();
  const toCopy: string[] = [];
  for (const key of files) {
    try {
      checkStorageKey(key);
    } catch {
      report.skipped.push(key);
      continue;
    }
    toCopy.push(key);
  }

  let next = 0;
  let done = 0;
  const copyOne = async (key: string) => {
    const file = path.join(root, key);
    const sizeInBucket = inBucket.get(key);
    if (sizeInBucket !== undefined) {
      if (sizeInBucket === (await stat(file)).size) report.alreadyThere++;
      else report.differing.push(key);
      return;
    }
    const content = await readFile(file);
    try {
      await target.put(key, content);
      report.copied++;
      report.copiedBytes += content.length;
    } catch (error) {
      // put between the listing and now (another run, a server already on S3)
      if (error instanceof StorageKeyTaken) report.alreadyThere++;
      else throw error;
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, concurrency) }, async () => {
      while (next < toCopy.length) {
        const key = toCopy[next++]!;
        try {
          await copyOne(key);
        } catch (error) {
          const cause = (error as { cause?: unknown }).cause ?? error;
          report.failed.push({ key, error: (cause as Error).message ?? String(cause) });
        }
        if (++done % 500 === 0) progress?.(report);
      }
    }),
  );
  report.differing.sort();
  report.failed.sort((a, b) => a.key.localeCompare(b.key));
  return report;
}
