import type { Db } from "../../db";
import type { DueEventSource } from "./types";

/** How long after a failed render of coalesced events the dispatcher tries again. */
const FLUSH_RETRY_MS = 1000;

/**
 * The dispatcher's side of coalesced events (lib/domain/events/coalesce.ts): they fall due on their own clock, so
 * the dispatcher renders them before each claim (their deliveries are claimed in the same round) and sleeps no
 * longer than the next one's due time. A failed render leaves the marks for a retry a second later; it never
 * holds up the deliveries, nor makes the loop spin on an overdue mark.
 */
export class DueEvents {
  private retryAt = 0;

  constructor(
    private readonly source: DueEventSource | undefined,
    private readonly reportError: (error: unknown) => void,
  ) {}

  async flush(db: Db, now: Date): Promise<void> {
    if (!this.source || now.getTime() < this.retryAt) return;
    try {
      await this.source.flush(db, now);
      this.retryAt = 0;
    } catch (error) {
      this.retryAt = now.getTime() + FLUSH_RETRY_MS;
      this.reportError(error);
    }
  }

  /** When the next mark is due (ms since the epoch; infinity when none is pending). */
  async nextDueAt(db: Db): Promise<number> {
    const due = (await this.source?.nextDueAt(db))?.getTime();
    return due === undefined ? Number.POSITIVE_INFINITY : Math.max(due, this.retryAt);
  }
}
