import pg from 'pg';

/** What a listener of a channel is told. */
export interface ChannelListener {
  /** A notification on the channel, with its payload. */
  message(payload: string): void;
  /** The listening connection was lost: notifications sent from now on are missed until `restored`. */
  lost(error: Error): void;
  /** Listening again after a loss (the channel's LISTEN renewed). */
  restored(): void;
}

/** The listening connections' application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'zhaokao-listener';
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * PostgreSQL's LISTEN/NOTIFY between the server processes on one database. Notifications go out through the pool
 * (at once, outside any transaction); they come in on a connection of their own, not from the pool (a pooled
 * connection is handed to other queries, and its LISTEN would go with it). That connection is opened by the first
 * `listen()` and closed with the last listener or `close()`; when it is lost it is opened again, after a pause
 * that doubles up to 30 s, and every listener is told both (what was sent in between is missed).
 */
export class Notifications {
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  private client: pg.Client | undefined;
  /** The channels the current connection has run LISTEN for. */
  private listened = new Set<string>();
  private connecting: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = RETRY_FIRST_MS;
  /** Set while the connection is lost, once the listeners have been told. */
  private lostSince: Error | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
  ) {}

  /** Sends `payload` on `channel` to every process listening on it, this one included. */
  async notify(channel: string, payload = ''): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [channel, payload]);
  }

  /** The backend pids of the listening connections of this application the database has now, this process's included. */
  async listenerPids(): Promise<number[]> {
    const { rows } = await this.pool.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and application_name = $1`,
      [LISTENER_NAME],
    );
    return rows.map((row) => row.pid);
  }

  /** The backend pid of this process's listening connection (undefined while it is not up). */
  get listenerPid(): number | undefined {
    return (this.client as (pg.Client & { processID?: number }) | undefined)?.processID;
  }

  /** Whether the listening connection is up: while it is not, notifications are missed. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /**
   * Listens on `channel` until the answered function is called. Resolves once LISTEN has run, or once the first
   * attempt to connect failed (`listening` is then false, `listener` is told it is lost, and the connection is tried
   * again in the background).
   */
  async listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('notifications are closed');
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
    if (!this.client && !this.connecting && !this.retryTimer) this.connect();
    await this.connecting;
    if (this.client && !this.lostSince && !this.listened.has(channel)) {
      this.listened.add(channel);
      // a failure here is the connection's: its 'error' event starts over
      await this.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
    }
    return () => this.unlisten(channel, listener);
  }

  private async unlisten(channel: string, listener: ChannelListener) {
    const set = this.listeners.get(channel);
    set?.delete(listener);
    if (set?.size === 0) this.listeners.delete(channel);
    if (this.listeners.size === 0) await this.disconnect();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.disconnect();
  }

  private connect() {
    this.connecting = this.openConnection().finally(() => {
      this.connecting = undefined;
    });
  }

  private async openConnection() {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, application_name: LISTENER_NAME });
    client.on('notification', ({ channel, payload }) => {
      for (const listener of this.listeners.get(channel) ?? []) listener.message(payload ?? '');
    });
    client.on('error', (error) => this.onLost(client, error));
    client.on('end', () => this.onLost(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      const channels = [...this.listeners.keys()];
      for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (this.closed || this.listeners.size === 0) {
        await client.end();
        return;
      }
      this.client = client;
      this.listened = new Set(channels);
      this.retryMs = RETRY_FIRST_MS;
      if (this.lostSince) {
        this.lostSince = undefined;
        this.forEachListener((listener) => listener.restored());
      }
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.client = undefined;
      this.onLost(undefined, error as Error);
    }
  }

  private onLost(client: pg.Client | undefined, error: Error) {
    if (client && client !== this.client) return;
    this.client = undefined;
    if (client) void client.end().catch(() => {});
    if (this.closed || this.listeners.size === 0) return;
    if (!this.lostSince) {
      this.lostSince = error;
      this.forEachListener((listener) => listener.lost(error));
    }
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.closed && this.listeners.size > 0) this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  private async disconnect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    this.lostSince = undefined;
    this.retryMs = RETRY_FIRST_MS;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }

  private forEachListener(call: (listener: ChannelListener) => void) {
    for (const set of this.listeners.values()) for (const listener of set) call(listener);
  }
}
