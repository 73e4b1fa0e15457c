import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client.js';

interface RequestTransaction {
  tx: Db;
  /** False once the transaction has ended: work the request left behind (a timer, a promise) uses the database itself. */
  open: boolean;
  afterCommit: (() => Promise<unknown> | unknown)[];
  /** What the audit row says the target was before the call (a status, a name); set by the handler. */
  before?: Record<string, unknown>;
}

const current = new AsyncLocalStorage<RequestTransaction>();

const openTransaction = () => {
  const store = current.getStore();
  return store?.open ? store : undefined;
};

/**
 * The database as handlers see it: inside a write call's transaction (`inRequestTransaction`) every query, and every
 * `transaction()` (a savepoint then), runs in that transaction, so the call's changes and its audit row commit together.
 */
export function requestScopedDb(root: Db): Db {
  return new Proxy(root, {
    get(target, property) {
      const db = openTransaction()?.tx ?? target;
      const value = Reflect.get(db, property, db);
      return typeof value === 'function' ? value.bind(db) : value;
    },
  });
}

/**
 * Runs `work` in one transaction on `root` that the request-scoped database joins, then the after-commit callbacks.
 * Inside another request's transaction (a call the server makes to itself) it is a savepoint of that one.
 */
export async function inRequestTransaction<T>(root: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const outer = openTransaction();
  const store: RequestTransaction = { tx: root, open: false, afterCommit: outer?.afterCommit ?? [] };
  const result = await (outer?.tx ?? root).transaction(async (tx) => {
    store.tx = tx;
    store.open = true;
    try {
      return await current.run(store, () => work(tx));
    } finally {
      store.open = false;
    }
  });
  if (!outer) for (const callback of store.afterCommit) await callback();
  return result;
}

/**
 * Work that must see the request's changes committed or must not wait on its transaction (a queue on the same PGlite,
 * a notification to other processes): runs after the commit, or at once outside a write call. Skipped on a rollback.
 */
export async function afterCommit(callback: () => Promise<unknown> | unknown): Promise<void> {
  const store = openTransaction();
  if (store) store.afterCommit.push(callback);
  else await callback();
}

/** The state the call found (a status, a name, an amount): the audit row shows it as “before”. Later calls add to it. */
export function noteAuditBefore(summary: Record<string, unknown>) {
  const store = openTransaction();
  if (store) store.before = { ...store.before, ...summary };
}

export function auditBeforeOfRequest(): Record<string, unknown> | undefined {
  return openTransaction()?.before;
}
