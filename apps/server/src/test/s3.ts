import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../shared/config.js';
import { S3Storage } from '../shared/storage-s3.js';

// The SDK's notice that its releases of 2027 will need Node 22, once per test worker: noise in the test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** s3rver's own keys: it accepts no others. */
const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** The S3_* settings of the bucket, through the proxy (see `cutUploads`). */
  config: Omit<S3StorageConfig, 'driver'>;
  /** A driver on the bucket, with the SDK's three attempts per call unless said. */
  storage(options?: { maxAttempts?: number; bucket?: string }): S3Storage;
  /** The keys in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** While on, every PUT sent to the store is cut off after its first 2 KB: a store failing in the middle of an upload. */
  cutUploads(on: boolean): void;
  /** How many uploads were cut off so far. */
  uploadsCut(): number;
  /** Stops the S3 server (the proxy stays: connections to it are refused upstream), or starts it again on the same data. */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3 server (s3rver, files in a temporary directory) on a random port with bucket `bucket`, reached through a
 * TCP proxy of the test's own that can cut uploads short.
 */
export async function startS3(bucket = 'zhaokao-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'zhaokao-s3-'));
  let server: S3rver | null = null;
  let serverPort = 0;
  const startServer = async () => {
    server = new S3rver({ address: '127.0.0.1', port: serverPort, silent: true, directory, configureBuckets: [{ name: bucket }] });
    serverPort = (await server.run()).port;
  };
  await startServer();

  let cutting = false;
  let cuts = 0;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(serverPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    let putBytes = -1;
    let cut = false;
    client.on('data', (chunk: Buffer) => {
      if (cut) return;
      if (chunk.subarray(0, 4).toString('latin1') === 'PUT ') putBytes = 0;
      if (cutting && putBytes >= 0 && putBytes + chunk.length > 2048) {
        cut = true;
        cuts++;
        upstream.write(chunk.subarray(0, 2048 - putBytes), end);
        return;
      }
      if (putBytes >= 0) putBytes += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = (proxy.address() as net.AddressInfo).port;

  const config = { endpoint: `http://127.0.0.1:${proxyPort}`, region: 'us-east-1', bucket, forcePathStyle: true, ...S3RVER_KEYS };
  const made: S3Storage[] = [];
  const storage = ({ maxAttempts = 3, bucket: other = bucket }: { maxAttempts?: number; bucket?: string } = {}) => {
    const driver = new S3Storage({ ...config, bucket: other }, { maxAttempts });
    made.push(driver);
    return driver;
  };
  const lister = storage();
  const stopServer = async () => {
    for (const socket of sockets) socket.destroy();
    await server?.close();
    server = null;
  };
  return {
    config,
    storage,
    keys: async () => [...(await lister.sizes()).keys()].sort(),
    cutUploads: (on) => {
      cutting = on;
    },
    uploadsCut: () => cuts,
    stopServer,
    startServer,
    async close() {
      for (const driver of made) driver.destroy();
      await stopServer();
      await new Promise((resolve) => proxy.close(resolve));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
