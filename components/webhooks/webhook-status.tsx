import { useStoreTimeZone } from "@/components/app/staff-context";
import { Badge } from "@/components/ui/badge";
import { formatDateTime, formatRelative } from "@/lib/client/format";
import type { WebhookHealth } from "@/lib/schemas/webhooks";

export type WebhookState = "active" | "failing" | "disabled";

export function webhookState(health: WebhookHealth): WebhookState {
  if (health.disabledAt) return "disabled";
  if (health.failingSince) return "failing";
  return "active";
}

/** Active / Failing / Disabled as a badge. */
export function WebhookStatusBadge({ health }: { health: WebhookHealth }) {
  const state = webhookState(health);
  if (state === "disabled") return <Badge tone="red">Disabled</Badge>;
  if (state === "failing") return <Badge tone="amber">Failing</Badge>;
  return <Badge tone="green">Active</Badge>;
}

/** The line under the badge: since when it fails, or why it was disabled. */
export function webhookStatusDetail(health: WebhookHealth, now: number): string | null {
  if (health.disabledAt) {
    const reason = health.disabledReason ? `: ${health.disabledReason}` : "";
    return `Disabled ${formatRelative(health.disabledAt, now)}${reason}`;
  }
  if (health.failingSince) return `Failing since ${formatRelative(health.failingSince, now)}`;
  return null;
}

/** A timestamp shown relative, with the exact time on hover and for assistive technology. */
export function RelativeTime({
  value,
  now,
  fallback = "Never",
}: {
  value: string | null;
  now: number;
  fallback?: string;
}) {
  const timeZone = useStoreTimeZone();
  if (!value) return <span className="text-slate-500">{fallback}</span>;
  return (
    <time dateTime={value} title={formatDateTime(value, timeZone)}>
      {formatRelative(value, now)}
    </time>
  );
}

/** A callback URL with its host emphasised (the part that tells endpoints apart). */
export function WebhookUrl({ url, className = "" }: { url: string; className?: string }) {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed) return <span className={`break-all ${className}`}>{url}</span>;
  const rest = url.slice(url.indexOf(parsed.host) + parsed.host.length);
  return (
    <span className={`break-all ${className}`}>
      <span className="text-slate-500">{`${parsed.protocol}//`}</span>
      <span className="font-semibold text-slate-900">{parsed.host}</span>
      <span className="text-slate-600">{rest}</span>
    </span>
  );
}

/** Just the host, for titles and dialog texts. */
export function webhookHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
