import { sql } from "drizzle-orm";
import type { Database, Db } from "../db";
import { NotifyListener } from "../db/notify-listener";

/**
 * Recently authenticated API secrets, so a busy integration does not pay a database round trip per
 * request, and revocations that reach every instance at once.
 *
 * A revocation is announced with NOTIFY on AUTH_CHANNEL in the revoking transaction (PostgreSQL sends it
 * when that commits); each process keeps one LISTEN connection and forgets the key when the message
 * arrives. The cache serves only while that connection is listening: before LISTEN is in place, and from
 * a connection error until it is back, every request reads the database. The embedded database has one
 * process, whose revocations forget the key directly. Entries still expire after AUTH_CACHE_MS, the
 * bound if a notification were lost without the connection noticing (a silently dropped network path).
 */
export const AUTH_CHANNEL = "backroom_auth";
const AUTH_CACHE_MS = 5_000;

export type ApiKeyPrincipal = { keyId: string; storeId: string; name: string };

export class ApiKeyAuthCache {
  private readonly recent = new Map<string, { principal: ApiKeyPrincipal; until: number }>();
  /** Ids revoked since start (a few a day at most), refused even by a lookup already under way. */
  private readonly revoked = new Set<string>();
  private live = false;
  private watched: Database | null = null;
  private listener: NotifyListener | null = null;
  private readonly waiters = new Set<() => void>();

  /** Starts trusting revocations on `database` (once; a new database replaces the old one). */
  watch(database: Database): void {
    if (this.watched === database) return;
    void this.listener?.stop();
    this.listener = null;
    this.watched = database;
    this.setLive(false);
    if (!database.pool) {
      this.setLive(true);
      return;
    }
    this.listener = new NotifyListener({
      pool: database.pool,
      channel: AUTH_CHANNEL,
      onNotify: (payload) => {
        if (payload.startsWith("api-key:")) this.forget(payload.slice("api-key:".length));
      },
      onLive: (live) => this.setLive(live),
    });
    this.listener.start();
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    this.watched = null;
    this.setLive(false);
    await listener?.stop();
  }

  /** Whether revocations are heard, so the cache may serve. */
  get listening(): boolean {
    return this.live;
  }

  /** Whether a revocation of `keyId` reached this cache (by notification, or directly in this process). */
  hasForgotten(keyId: string): boolean {
    return this.revoked.has(keyId);
  }

  /**
   * Resolves once `condition` holds, checked again at each change of the cache (listening or not, a key
   * forgotten): tests wait on the notification itself, not on a clock.
   */
  waitUntil(condition: () => boolean): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  get(hash: string, now = Date.now()): ApiKeyPrincipal | undefined {
    if (!this.live) return undefined;
    const entry = this.recent.get(hash);
    return entry && entry.until > now ? entry.principal : undefined;
  }

  /** Remembers a principal read from the database, unless it was revoked while the read was under way. */
  remember(hash: string, principal: ApiKeyPrincipal, now = Date.now()): boolean {
    if (this.revoked.has(principal.keyId)) return false;
    if (!this.live) return true;
    if (this.recent.size > 10_000) this.recent.clear();
    this.recent.set(hash, { principal, until: now + AUTH_CACHE_MS });
    return true;
  }

  forget(keyId: string): void {
    this.revoked.add(keyId);
    for (const [hash, entry] of this.recent) {
      if (entry.principal.keyId === keyId) this.recent.delete(hash);
    }
    this.changed();
  }

  clear(): void {
    this.recent.clear();
  }

  private setLive(live: boolean): void {
    this.live = live;
    // What was cached while no notification could arrive may be stale.
    if (!live) this.recent.clear();
    this.changed();
  }

  private changed(): void {
    for (const check of [...this.waiters]) check();
  }
}

/** Tells every process's cache (this one's included, on PostgreSQL) once the transaction commits. */
export async function announceRevocation(tx: Db, keyId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${`api-key:${keyId}`})`);
}

/**
 * The process's cache, on globalThis because Next.js may load this module in several bundles (API
 * routes, pages, server actions), and a revocation in one must reach them all.
 */
const AUTH_CACHE_KEY = Symbol.for("backroom.api-key-auth-cache");

export function processAuthCache(): ApiKeyAuthCache {
  const holder = globalThis as { [AUTH_CACHE_KEY]?: ApiKeyAuthCache };
  holder[AUTH_CACHE_KEY] ??= new ApiKeyAuthCache();
  return holder[AUTH_CACHE_KEY];
}
