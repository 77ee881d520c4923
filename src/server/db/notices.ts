import type pg from 'pg';

const RECONNECT_MS = 1000;

/** What a listener is told: each notice on its channel, and each time it (re)starts hearing them. */
export interface NoticeHandlers {
  onNotice: (payload: string) => void;
  /**
   * Called once listening starts and again after every reconnect: a notice may have been missed while
   * the connection was away, so whatever was kept on the strength of notices is dropped here.
   */
  onConnect: () => void;
  /** Told why the connection was lost or could not be made; it is tried again by itself. */
  onTrouble: (error: unknown, message: string) => void;
}

/** A channel listened to: whether notices are heard now, and how to stop. */
export interface Listening {
  /** Settles once the first attempt to listen has succeeded or failed. */
  ready: Promise<void>;
  /** Whether every notice sent now reaches onNotice (false while the connection is away). */
  connected(): boolean;
  stop(): Promise<void>;
}

/**
 * Listens to `channel` on PostgreSQL on a connection of its own (LISTEN/NOTIFY), reconnecting by itself:
 * a notice reaches it a moment after the sender's commit, in commit order.
 */
export function listenOnPostgres(
  driver: typeof pg,
  databaseUrl: string,
  channel: string,
  { onNotice, onConnect, onTrouble }: NoticeHandlers,
): Listening {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    const listener = new driver.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    listener.on('notification', (message) => {
      if (message.channel === channel) onNotice(message.payload ?? '');
    });
    listener.on('error', (error) => {
      onTrouble(error, `the listener on ${channel} lost its connection; reconnecting`);
      void listener.end().catch(() => undefined);
      reconnectLater();
    });
    try {
      await listener.connect();
      await listener.query(`listen ${channel}`);
    } catch (error) {
      onTrouble(error, `the listener on ${channel} could not connect; retrying`);
      await listener.end().catch(() => undefined);
      reconnectLater();
      return;
    }
    if (stopped) {
      await listener.end().catch(() => undefined);
      return;
    }
    client = listener;
    onConnect();
  }

  function reconnectLater() {
    client = null;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  }

  return {
    ready: connect(),
    connected: () => client !== null,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const listener = client;
      client = null;
      await listener?.end().catch(() => undefined);
    },
  };
}

/** The embedded engine's own LISTEN: PGlite hands a committed notice over before the commit returns. */
interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * Listens to `channel` on the embedded database. It is in this process and never disconnects; a
 * notice is handed over before the statement that committed it resolves, so nothing kept can be read
 * after a change it missed.
 */
export function listenOnPglite(
  client: PgliteListener,
  channel: string,
  { onNotice, onConnect, onTrouble }: NoticeHandlers,
): Listening {
  let unlisten: (() => Promise<void>) | undefined;
  let listening = false;
  const ready = client.listen(channel, onNotice).then(
    (stop) => {
      unlisten = stop;
      listening = true;
      onConnect();
    },
    (error: unknown) => onTrouble(error, `could not listen on ${channel}`),
  );
  return {
    ready,
    connected: () => listening,
    async stop() {
      listening = false;
      await ready;
      await unlisten?.().catch(() => undefined);
    },
  };
}
