import { type Permission, ResultCode } from '@zhaokao/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Notifications } from '../../db/notifications.js';
import { staffUser, sysRole, userSession } from '../../db/tables.js';
import { sha256 } from '../../shared/crypto.js';
import { tokenError } from '../../shared/errors.js';
import type { Session, Sessions } from '../../shared/session.js';

interface SessionRow {
  sessionId: number;
  userId: number;
  companyId: number;
  expiresAt: Date;
  endReason: string | null;
  enabled: boolean;
  roleId: number;
  permissions: Permission[];
  passwordMustChange: boolean;
}

/** A linked account (issue 12) lasts only while the headquarters' staff member it belongs to is enabled. */
const enabledNow = sql<boolean>`(${staffUser.enabled} and coalesce((select hq.enabled from ${staffUser} hq where hq.id = ${staffUser.linkedStaffId}), true))`;

async function readSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      sessionId: userSession.id,
      userId: userSession.userId,
      companyId: userSession.companyId,
      expiresAt: userSession.expiresAt,
      endReason: userSession.endReason,
      enabled: enabledNow,
      roleId: staffUser.roleId,
      permissions: sysRole.permissions,
      passwordMustChange: staffUser.passwordMustChange,
    })
    .from(userSession)
    .innerJoin(staffUser, eq(staffUser.id, userSession.userId))
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .where(eq(userSession.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** The session of a row read for a token, or the token error SPEC §8 names. */
function sessionOf(row: SessionRow | undefined): Session {
  if (!row || row.endReason === 'logout') {
    throw tokenError(ResultCode.TOKEN_ILLEGAL, '登录状态无效，请重新登录');
  }
  if (row.endReason || !row.enabled) {
    throw tokenError(ResultCode.TOKEN_ELSEWHERE, '您的登录已在别处结束（密码已重置或账号已停用），请重新登录');
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    throw tokenError(ResultCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    companyId: row.companyId,
    roleId: row.roleId,
    permissions: row.permissions,
    passwordMustChange: row.passwordMustChange,
  };
}

const MAX_CACHED_SESSIONS = 10_000;
export const SESSIONS_CHANNEL = 'zhaokao_sessions';
/** How long a `forget()` waits for every process's answer before the reply goes out anyway. */
const ACK_WAIT_MS = 2000;
/** Starts an answer to a session change: the answering listener's backend pid and the payload answered follow. */
const ACK_PREFIX = 'cleared:';
const ACK = new RegExp(`^${ACK_PREFIX}(\\d+):(.+)$`);

/**
 * Sessions by token. Every call checks a session, so the rows read are kept for `cacheSeconds`
 * (one database round trip less per call). Whatever ends a session or changes what it may do — sign-out,
 * a password change or reset, a staff member disabled or given another role, a role's permissions —
 * calls `forget()` once it has committed; `generation` keeps a read that started before that from
 * being cached after it. On PostgreSQL, with `notifications`, `forget()` also tells the other server
 * processes (NOTIFY on SESSIONS_CHANNEL), which forget theirs when told; rows are cached only while
 * this process is listening, since what was sent while it was not has been missed.
 */
export class SessionStore implements Sessions {
  private readonly cache = new Map<string, { row: SessionRow; until: number }>();
  private generation = 0;
  /** The notifications this process sent that not every listening process has answered yet: by payload, the listeners left. */
  private readonly unanswered = new Map<string, { left: Set<number>; done: () => void }>();
  private readonly telling = new Set<Promise<void>>();
  private sent = 0;
  private readonly sender = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

  constructor(
    private readonly db: Db,
    private readonly cacheSeconds: number,
    private readonly notifications?: Notifications,
    private readonly log?: FastifyBaseLogger,
  ) {}

  private get caching(): boolean {
    return this.cacheSeconds > 0 && (!this.notifications || this.notifications.listening);
  }

  async fromToken(token: string | undefined): Promise<Session> {
    if (!token) throw tokenError(ResultCode.TOKEN_ILLEGAL, '未登录或登录状态无效，请重新登录');
    const tokenHash = sha256(token);
    const cached = this.cache.get(tokenHash);
    if (cached && cached.until > Date.now()) return sessionOf(cached.row);
    const generation = this.generation;
    const row = await readSession(this.db, tokenHash);
    if (row && this.caching && generation === this.generation) {
      this.cache.delete(tokenHash);
      if (this.cache.size >= MAX_CACHED_SESSIONS) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(tokenHash, { row, until: Date.now() + this.cacheSeconds * 1000 });
    }
    return sessionOf(row);
  }

  forget() {
    this.clear();
    if (this.notifications) {
      const telling = this.tellOthers(this.notifications);
      this.telling.add(telling);
      void telling.finally(() => this.telling.delete(telling));
    }
  }

  /** Resolves once the other processes have been told of every `forget()` so far (see `shareSessionChanges`). */
  async told(): Promise<void> {
    if (this.telling.size > 0) await Promise.all(this.telling);
  }

  private clear() {
    this.generation += 1;
    this.cache.clear();
  }

  /**
   * NOTIFY, then wait until every listening process (this one included) has answered that it cleared its cache: the
   * listening connections are found first (their backend pids), and each process answers ACK_PREFIX + its listener's
   * pid + the payload; one that starts listening meanwhile has nothing cached and is not waited for. Not listening (the
   * connection lost), it waits for nothing; without every answer in time (a process whose host died keeps its
   * connection until TCP gives up on it) it goes on after ACK_WAIT_MS, as the others' caches expire anyway.
   */
  private async tellOthers(notifications: Notifications) {
    const payload = `${this.sender}:${++this.sent}`;
    let timer: NodeJS.Timeout | undefined;
    try {
      if (notifications.listening) {
        const left = new Set(await notifications.listenerPids());
        const answered = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, ACK_WAIT_MS);
          this.unanswered.set(payload, { left, done: resolve });
        });
        await notifications.notify(SESSIONS_CHANNEL, payload);
        await answered;
      } else {
        await notifications.notify(SESSIONS_CHANNEL, payload);
      }
    } catch (error) {
      this.log?.error({ err: error }, 'telling the other server processes of a session change failed');
    } finally {
      clearTimeout(timer);
      this.unanswered.delete(payload);
    }
  }

  /** Called for every notification on SESSIONS_CHANNEL, this process's own and the answers included. */
  private received(message: string) {
    const answer = ACK.exec(message);
    if (answer) {
      const waiting = this.unanswered.get(answer[2]!);
      waiting?.left.delete(Number(answer[1]));
      if (waiting?.left.size === 0) waiting.done();
      return;
    }
    this.clear();
    const pid = this.notifications?.listenerPid;
    if (pid === undefined) return;
    this.notifications!.notify(SESSIONS_CHANNEL, `${ACK_PREFIX}${pid}:${message}`).catch((error) => {
      this.log?.warn({ err: error }, 'answering a session change failed');
    });
  }

  /**
   * Listens for the other processes' session changes (none without `notifications`) until the answered function is
   * called. A lost connection clears the cache, and nothing is cached until it is back (then it is cleared again).
   */
  async listen(): Promise<(() => Promise<void>) | undefined> {
    return this.notifications?.listen(SESSIONS_CHANNEL, {
      message: (payload) => this.received(payload),
      lost: (error) => {
        this.clear();
        this.log?.warn({ err: error }, 'session notifications lost: sessions are read from the database on every call until they are back');
      },
      restored: () => {
        this.clear();
        this.log?.info('session notifications restored');
      },
    });
  }
}

/**
 * Several server processes on one PostgreSQL (DESIGN §2): the store listens for the others' `forget()`s while the
 * app is open, and a reply goes out only once the others have been told of the session changes made before it, so
 * that the caller's next call is refused by every process, not only this one.
 */
export async function shareSessionChanges(app: FastifyInstance, store: SessionStore) {
  const stop = await store.listen();
  if (!stop) return;
  app.addHook('onSend', async (_request, _reply, payload) => {
    await store.told();
    return payload;
  });
  app.addHook('onClose', async () => stop());
}

/**
 * A staff member as they are now, for work done on their behalf outside a request (a 后台任务 they started): their
 * company, role and permissions; undefined once disabled. `sessionId` is 0: no session is behind it.
 */
export async function staffAsNow(db: Db, userId: number): Promise<Session | undefined> {
  const [row] = await db
    .select({ companyId: staffUser.companyId, roleId: staffUser.roleId, permissions: sysRole.permissions, enabled: enabledNow })
    .from(staffUser)
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .where(eq(staffUser.id, userId));
  if (!row?.enabled) return undefined;
  return { sessionId: 0, userId, companyId: row.companyId, roleId: row.roleId, permissions: row.permissions, passwordMustChange: false };
}

/** Ends every open session of a user, e.g. after a password reset or when the account is disabled. */
export async function endSessionsOfUser(db: Db, userId: number, reason: 'elsewhere' | 'logout') {
  await db
    .update(userSession)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(userSession.userId, userId), isNull(userSession.endedAt)));
}
