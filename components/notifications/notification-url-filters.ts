import { dayRangeBounds, isCalendarDay } from "@/lib/calendar-days";
import type { NotificationListFilters } from "@/lib/client/query-keys";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_STATUSES,
  type NotificationChannel,
  type NotificationKind,
} from "@/lib/enums";
import { MAX_SEARCH_LENGTH } from "@/lib/schemas/limits";

/**
 * The notification history's filters as the URL carries them (`?q=admin@&kind=invitation&channel=email
 * &status=failed&from=2025-01-01&to=2025-01-31`); a value the API would refuse is ignored rather than sent.
 */
type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export type NotificationUrlFilters = {
  /** Part of the recipient: an e-mail address, or a chat URL's host. */
  q?: string;
  kind?: NotificationKind;
  channel?: NotificationChannel;
  status?: NotificationStatus;
  from?: string;
  to?: string;
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
}

export function readNotificationUrlFilters(params: Pick<URLSearchParams, "get">): NotificationUrlFilters {
  const filters: NotificationUrlFilters = {};
  const q = params.get("q")?.trim();
  if (q && q.length <= MAX_SEARCH_LENGTH) filters.q = q;
  const kind = oneOf(NOTIFICATION_KINDS, params.get("kind"));
  if (kind) filters.kind = kind;
  const channel = oneOf(NOTIFICATION_CHANNELS, params.get("channel"));
  if (channel) filters.channel = channel;
  const status = oneOf(NOTIFICATION_STATUSES, params.get("status"));
  if (status) filters.status = status;
  const from = params.get("from");
  if (isCalendarDay(from)) filters.from = from;
  const to = params.get("to");
  if (isCalendarDay(to)) filters.to = to;
  return filters;
}

/** The filters for the query key and the API; the days are the store's (`timeZone`). */
export function toNotificationListFilters(
  filters: NotificationUrlFilters,
  timeZone: string,
): NotificationListFilters {
  const list: NotificationListFilters = {};
  if (filters.q) list.recipient = filters.q;
  if (filters.kind) list.kind = filters.kind;
  if (filters.channel) list.channel = filters.channel;
  if (filters.status) list.status = filters.status;
  const { min, max } = dayRangeBounds(filters, timeZone);
  if (min) list.createdAtMin = min;
  if (max) list.createdAtMax = max;
  return list;
}
