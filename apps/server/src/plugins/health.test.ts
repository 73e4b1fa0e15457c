import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Db } from '../db/client.js';
import { readConfig } from '../shared/config.js';
import { LocalStorage } from '../shared/storage.js';
import { type TestApp, createTestApp } from '../test/app.js';
import { HEALTH_PATH, READY_PATH } from './health.js';

let t: TestApp;
/** An app whose database and file store fail their checks while these are set. */
let faulty: Awaited<ReturnType<typeof buildApp>>;
const broken = { database: false, storage: false };

class FlakyStorage extends LocalStorage {
  override async check() {
    if (broken.storage) throw new Error('disk gone');
    return super.check();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const db = new Proxy(t.db, {
    get: (target, name, receiver) =>
      name === 'execute' && broken.database ? () => Promise.reject(new Error('connection refused')) : Reflect.get(target, name, receiver),
  }) as Db;
  faulty = await buildApp({
    db,
    storage: new FlakyStorage(t.uploadsDir),
    config: { ...readConfig({}), logLevel: 'silent', webDist: '/nonexistent' },
  });
});
afterAll(async () => {
  await faulty.close();
  await t.close();
});

const ask = async (url: string, app = t.app) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, ...res.json() };
};

describe('liveness and readiness', () => {
  it('/api/health answers while the process runs', async () => {
    expect(await ask(HEALTH_PATH)).toEqual({ status: 200, code: 200, msg: 'ok', data: { status: 'up' } });
  });

  it('/api/ready answers 200 once the database and the file store answer', async () => {
    expect(await ask(READY_PATH)).toEqual({ status: 200, code: 200, msg: 'ok', data: { database: 'up', storage: 'up' } });
    expect(await ask(READY_PATH, faulty)).toMatchObject({ status: 200, data: { database: 'up', storage: 'up' } });
  });

  it('/api/ready answers 503 naming the part that fails, and tells no more', async () => {
    broken.storage = true;
    const storageDown = await ask(READY_PATH, faulty);
    expect(storageDown).toEqual({ status: 503, code: 503, msg: '服务未就绪：文件存储不可用', data: { database: 'up', storage: 'down' } });

    broken.database = true;
    const bothDown = await ask(READY_PATH, faulty);
    expect(bothDown).toEqual({ status: 503, code: 503, msg: '服务未就绪：数据库、文件存储不可用', data: { database: 'down', storage: 'down' } });
    expect(JSON.stringify(bothDown)).not.toMatch(/refused|disk gone/);

    broken.storage = false;
    expect(await ask(READY_PATH, faulty)).toMatchObject({ status: 503, msg: '服务未就绪：数据库不可用', data: { database: 'down', storage: 'up' } });
    // liveness does not depend on them
    expect(await ask(HEALTH_PATH, faulty)).toMatchObject({ status: 200, code: 200 });

    broken.database = false;
    expect(await ask(READY_PATH, faulty)).toMatchObject({ status: 200, code: 200 });
  });
});
