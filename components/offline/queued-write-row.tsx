"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import type { QueuedWrite } from "@/lib/client/offline-queue/queued-write";

/** What the row says a person can do, per state: never a write dropped or sent twice without someone deciding. */
function guidance(write: QueuedWrite, mine: boolean): string | null {
  if (!mine) return `Sent when ${write.queuedBy.name} signs in on this device.`;
  if (write.status === "held") {
    return "Queued more than 23 hours ago: the server may no longer recognise it, so it is not sent on its own. Open the page, check whether it already happened, then send it anyway or discard it.";
  }
  if (write.status === "conflict") {
    return `The server refused it: ${write.problem?.detail ?? "no reason given"} Open the page to see how it is now, then send it again on top of that or discard it.`;
  }
  if (write.attempts > 0)
    return "No answer yet; it is tried again with growing pauses, and at once when the network returns.";
  return null;
}

function StatusBadge({ write }: { write: QueuedWrite }) {
  if (write.status === "conflict") return <Badge tone="red">Needs you: refused</Badge>;
  if (write.status === "held") return <Badge tone="amber">Needs you: too old</Badge>;
  return <Badge tone="blue">Waiting</Badge>;
}

export function QueuedWriteRow({
  write,
  mine,
  now,
  onRelease,
  onDiscard,
  onOpen,
}: {
  write: QueuedWrite;
  mine: boolean;
  now: number;
  onRelease: () => void;
  onDiscard: () => void;
  onOpen: () => void;
}) {
  const help = guidance(write, mine);
  const decide = mine && write.status !== "waiting";
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 text-sm font-medium text-slate-900">{write.summary}</p>
        <StatusBadge write={write} />
      </div>
      <p className="mt-0.5 text-xs text-slate-600">
        Queued by {write.queuedBy.name}{" "}
        <RelativeTime value={new Date(write.queuedAt).toISOString()} now={now} />
      </p>
      {help ? <p className="mt-1 text-xs text-slate-700">{help}</p> : null}
      {decide ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Link
            href={write.href}
            onClick={onOpen}
            className="inline-flex items-center rounded-md px-2.5 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
          >
            Open the page
          </Link>
          <Button size="sm" onClick={onRelease}>
            {write.status === "held" ? "Send anyway" : "Send again"}
          </Button>
          <Button size="sm" variant="danger" onClick={onDiscard}>
            Discard
          </Button>
        </div>
      ) : null}
    </li>
  );
}
