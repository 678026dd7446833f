import { sql } from "drizzle-orm";
import type { Db } from "../db";
import type { RateLimitResult } from "./rate-limit";

/**
 * The rate limit shared by every instance on one PostgreSQL database. Each API secret has a
 * budget per fixed one-minute window, counted in `rate_limit_windows`; an instance leases a slice of it
 * (one UPSERT) and spends the slice locally, leasing the next one before it runs out, so requests cost no
 * statement and do not wait for one (but the first of a key in each window). One UPSERT per request was
 * measured instead (docs/performance.md): every request of a busy key then queues on the same row.
 *
 * The sum over instances never exceeds the limit. The price of slices: tokens an instance leased and did
 * not spend before the window ends are lost, so a caller spread over N instances may be refused up to
 * N x 1.25 slices early (about 6 % of the budget per instance), and `remaining` is this instance's view
 * as of its last lease.
 */

export const WINDOW_MS = 60_000;
/** Old windows are deleted once a minute per instance, a window after they end. */
const CLEANUP_EVERY_MS = 60_000;

/** A twentieth of the budget, 1 to 100: a lease per ~5 % of the traffic, and little left unspent. */
export function sliceOf(limit: number): number {
  return Math.max(1, Math.min(100, Math.floor(limit / 20)));
}

type KeyState = {
  windowStart: number;
  /** Leased and not yet spent. */
  tokens: number;
  /** The window's count in the database after our last lease (capped at the limit). */
  used: number;
  /** The database refused a lease: nothing is left in this window. */
  exhausted: boolean;
  /** The lease under way: concurrent requests of the key wait for it instead of sending their own. */
  leasing: Promise<void> | null;
};

export class SharedRateLimiter {
  private readonly keys = new Map<string, KeyState>();
  private lastCleanup = 0;

  constructor(
    private readonly db: Db,
    private readonly options: { now?: () => number; onError?: (error: unknown) => void } = {},
  ) {}

  async take(keyId: string, limit: number): Promise<RateLimitResult> {
    for (;;) {
      const now = this.now();
      const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
      let state = this.keys.get(keyId);
      if (!state || state.windowStart !== windowStart) {
        if (this.keys.size > 100_000) this.keys.clear();
        state = { windowStart, tokens: 0, used: 0, exhausted: false, leasing: null };
        this.keys.set(keyId, state);
      }
      const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      if (state.tokens > 0) {
        state.tokens -= 1;
        // The next slice is leased while this one still lasts, so a busy key's requests never wait for it.
        if (state.tokens < sliceOf(limit) / 4) void this.startLease(keyId, state, limit);
        const remaining = Math.max(0, limit - state.used) + state.tokens;
        return { allowed: true, limit, remaining, resetSeconds };
      }
      if (state.exhausted) return { allowed: false, limit, remaining: 0, resetSeconds };
      await this.startLease(keyId, state, limit);
    }
  }

  /** The key's lease under way, or a new one: concurrent requests share it rather than send their own. */
  private startLease(keyId: string, state: KeyState, limit: number): Promise<void> {
    if (state.exhausted) return Promise.resolve();
    state.leasing ??= this.lease(keyId, state, limit).finally(() => {
      state.leasing = null;
    });
    return state.leasing;
  }

  /** Forgets the slices this instance holds (tests). */
  reset(): void {
    this.keys.clear();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async lease(keyId: string, state: KeyState, limit: number): Promise<void> {
    const slice = sliceOf(limit);
    try {
      // Adds a slice while the window has budget left; `used` may then pass the limit by less than a
      // slice, and what this lease really got is the part below the limit.
      const { rows } = await this.db.execute<{ used: number }>(sql`
        insert into rate_limit_windows as w (key_id, window_start, used)
        values (${keyId}, ${new Date(state.windowStart).toISOString()}::timestamptz, ${slice})
        on conflict (key_id, window_start) do update set used = w.used + excluded.used
        where w.used < ${limit}
        returning used`);
      // No row: the update's condition refused, the budget is spent.
      const used = rows[0] ? Number(rows[0].used) : limit + slice;
      const granted = Math.max(0, Math.min(slice, limit - (used - slice)));
      state.used = Math.max(state.used, Math.min(used, limit));
      state.tokens += granted;
      if (granted === 0) state.exhausted = true;
    } catch (error) {
      // The limit protects the database; failing closed would turn a hiccup into refusing every caller.
      this.report(error);
      state.tokens += 1;
    }
    this.cleanUp();
  }

  private cleanUp(): void {
    const now = this.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    const before = new Date(Math.floor(now / WINDOW_MS) * WINDOW_MS - WINDOW_MS).toISOString();
    this.db
      .execute(sql`delete from rate_limit_windows where window_start < ${before}::timestamptz`)
      .catch((error: unknown) => this.report(error));
  }

  private report(error: unknown): void {
    if (this.options.onError) this.options.onError(error);
    else console.error("Rate limit:", error);
  }
}
