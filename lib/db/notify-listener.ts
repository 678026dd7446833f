import pg from "pg";

/**
 * A dedicated PostgreSQL connection (not one of the pool's: a pooled client goes back to other work) that
 * stays in LISTEN on one channel, reconnecting after an error, as the webhook dispatcher's does. `onLive`
 * tells its owner when notifications can be trusted to arrive (true once LISTEN is in place) and when not
 * (false on an error, before reconnecting): a cache that relies on them must not serve meanwhile.
 */
export type NotifyListenerOptions = {
  pool: pg.Pool;
  channel: string;
  onNotify(payload: string): void;
  onLive(live: boolean): void;
  retryMs?: number;
  onError?: (error: unknown) => void;
};

export class NotifyListener {
  private client: pg.Client | null = null;
  private running = false;

  constructor(private readonly options: NotifyListenerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    const client = this.client;
    this.client = null;
    this.options.onLive(false);
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    const { pool, channel, onNotify, onLive } = this.options;
    const client = new pg.Client(pool.options);
    this.client = client;
    const retry = (error: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      onLive(false);
      if (this.running) this.report(error);
      client.end().catch(() => undefined);
      if (this.running) setTimeout(() => void this.connect(), this.options.retryMs ?? 1000).unref();
    };
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    client.on("error", retry);
    // The server closing the connection (a restart, a terminated backend) ends it without an error.
    client.on("end", () => retry(new Error(`LISTEN ${channel}: connection ended`)));
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (this.client === client) onLive(true);
      else await client.end();
    } catch (error) {
      retry(error);
    }
  }

  private report(error: unknown): void {
    if (this.options.onError) this.options.onError(error);
    else console.error("LISTEN:", error instanceof Error ? error.message : error);
  }
}
