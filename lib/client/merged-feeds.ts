/**
 * Newest-first paged feeds shown as one list: a shipment's events with its label prints, an item's stock
 * movements with its prints (docs/labels.md). Each feed is read a page at a time on its own, so an entry is
 * shown only once every feed with more pages has been read back past it: until then that feed's next page could
 * still hold something newer, which would appear above entries already on screen. "Show more" reads the next page
 * of the feed that holds the list back.
 */

/** One entry: when (ISO 8601) and a key unique across the feeds (the row's prefixed id), for a total order. */
export type Dated = { at: string; key: string };

export type Feed<E extends Dated> = { entries: readonly E[]; more: boolean };

/** Positive when `a` is newer than `b` (time, then key: the feeds' own order). */
function compare(a: Dated, b: Dated): number {
  return Date.parse(a.at) - Date.parse(b.at) || (a.key > b.key ? 1 : a.key < b.key ? -1 : 0);
}

export type MergedFeeds<E> = {
  /** What can be shown now, newest first. */
  entries: E[];
  /** Whether any feed has more pages. */
  more: boolean;
  /** The feeds (by index) whose next page "Show more" reads: those holding the list back. */
  next: number[];
};

export function mergeFeeds<E extends Dated>(feeds: readonly Feed<E>[]): MergedFeeds<E> {
  // The newest "oldest loaded entry" among the feeds with more pages: nothing older than it is known to be
  // complete. A feed with more pages and nothing read yet holds back everything.
  let edge: Dated | null = null;
  let unread = false;
  for (const feed of feeds) {
    if (!feed.more) continue;
    const oldest = feed.entries.at(-1);
    if (!oldest) unread = true;
    else if (!edge || compare(oldest, edge) > 0) edge = oldest;
  }
  const entries = unread
    ? []
    : feeds
        .flatMap((feed) => feed.entries)
        .filter((entry) => !edge || compare(entry, edge) >= 0)
        .sort((a, b) => compare(b, a));
  const next = feeds.flatMap((feed, index) => {
    const oldest = feed.entries.at(-1);
    return feed.more && (!oldest || (edge && compare(oldest, edge) === 0)) ? [index] : [];
  });
  return { entries, more: feeds.some((feed) => feed.more), next };
}
