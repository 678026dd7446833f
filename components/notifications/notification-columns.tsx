import type { ColumnDef } from "@tanstack/react-table";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import type { NotificationChannel, NotificationKind } from "@/lib/enums";
import type { NotificationView } from "@/lib/schemas/notifications";

export const NOTIFICATION_ROW_HEIGHT = 65;

/** What each kind of notice is, in the words of the history's filter and column. */
export const KIND_WORDS: Record<NotificationKind, string> = {
  invitation: "Invitation",
  password_reset: "Password link",
  webhook_failing: "Webhook failing",
  webhook_disable_soon: "Webhook to be disabled",
  webhook_disabled: "Webhook disabled",
  webhook_recovered: "Webhook recovered",
  test: "Test",
  alert: "Alert",
  alert_cleared: "Alert cleared",
  digest: "Digest",
  report: "Report",
};

export const CHANNEL_WORDS: Record<NotificationChannel, string> = { email: "E-mail", chat: "Chat" };

export const STATUS_WORDS: Record<NotificationView["status"], string> = {
  pending: "Queued",
  sent: "Sent",
  failed: "Failed",
};
const STATUS_TONES: Record<NotificationView["status"], BadgeTone> = {
  pending: "amber",
  sent: "green",
  failed: "red",
};

/**
 * The history's columns, sized so the message, its recipient and its status fit a tablet (768 px); the
 * attempts give way there (column-priority.ts). When a message was sent (or queued) sits under its status.
 */
export const notificationColumns: ColumnDef<NotificationView>[] = [
  {
    id: "message",
    header: "Message",
    size: 240,
    cell: ({ row: { original: n } }) => (
      <div className="min-w-0">
        <div className="font-medium break-words text-slate-900">{n.subject}</div>
        <div className="text-xs text-slate-500">{KIND_WORDS[n.kind]}</div>
      </div>
    ),
  },
  {
    id: "recipient",
    header: "To",
    size: 220,
    cell: ({ row: { original: n } }) => (
      <span className="break-all text-slate-700">
        {n.channel === "email" ? n.recipient : `${CHANNEL_WORDS.chat} (${n.recipient})`}
      </span>
    ),
  },
  {
    id: "status",
    header: "Status",
    size: 170,
    cell: ({ row: { original: n } }) => (
      <div className="min-w-0">
        <Badge tone={STATUS_TONES[n.status]}>{STATUS_WORDS[n.status]}</Badge>
        <RelativeTime value={n.sentAt ?? n.createdAt} className="mt-1 block text-xs text-slate-600" />
        {n.status !== "sent" && n.lastError ? (
          <span className="mt-1 block text-xs break-words text-red-700">{n.lastError}</span>
        ) : null}
      </div>
    ),
  },
  {
    id: "attempts",
    header: "Attempts",
    size: 90,
    meta: { align: "right", priority: 1 },
    cell: ({ row }) => <span className="tabular-nums">{row.original.attempts}</span>,
  },
];
