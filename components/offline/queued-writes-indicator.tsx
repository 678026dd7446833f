"use client";

import { CloudOff, CloudUpload, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useStaff } from "@/components/app/staff-context";
import { useNow } from "@/components/app/use-now";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatNumber } from "@/lib/client/format";
import { useQueuedWrites } from "@/lib/client/hooks/offline-queue";
import { browserOfflineQueue } from "@/lib/client/offline-queue/browser-queue";
import { QueuedWriteRow } from "./queued-write-row";
import { useOnline } from "./use-online";

/**
 * The top bar's "N waiting to send": shown while this device holds writes (anyone's: a shared tablet shows
 * who queued what) or has no network. It opens the list, where a write the server refused or that waited
 * too long is decided by a person.
 */
export function QueuedWritesIndicator() {
  const writes = useQueuedWrites();
  const online = useOnline();
  const { user } = useStaff();
  const [open, setOpen] = useState(false);
  const now = useNow();
  if (writes.length === 0 && online) return null;
  const needYou = writes.filter((w) => w.queuedBy.id === user.id && w.status !== "waiting").length;
  const label = writes.length === 0 ? "Offline" : `${formatNumber(writes.length)} waiting to send`;
  const Icon = needYou > 0 ? TriangleAlert : online ? CloudUpload : CloudOff;
  const queue = browserOfflineQueue();

  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setOpen(true)}
        className={needYou > 0 ? "text-red-800" : "text-amber-900"}
        aria-haspopup="dialog"
      >
        <Icon className="size-4" aria-hidden="true" />
        {/* The words from 1024 px; below, the icon and the count (the top bar also holds the search). */}
        <span className="max-lg:sr-only">{label}</span>
        {writes.length > 0 ? (
          <span className="lg:hidden" aria-hidden="true">
            {formatNumber(writes.length)}
          </span>
        ) : null}
        {needYou > 0 ? <span className="sr-only">, {formatNumber(needYou)} need you</span> : null}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={writes.length === 0 ? "Offline" : `${label} from this device`}
        description={
          online
            ? "Kept on this device and sent in order; each carries its own key, so it is applied once however often it is sent."
            : "No network. What you do in receive mode and on returns is kept on this device and sent, in order, when the network returns."
        }
        size="lg"
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Close
            </Button>
            {writes.length > 0 ? (
              <Button variant="primary" disabled={!online} onClick={() => void queue.retryNow()}>
                Send now
              </Button>
            ) : null}
          </>
        }
      >
        {writes.length === 0 ? (
          <p className="text-sm text-slate-700">Nothing is waiting to send.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Waiting to send">
            {writes.map((write) => (
              <QueuedWriteRow
                key={write.id}
                write={write}
                mine={write.queuedBy.id === user.id}
                now={now}
                onRelease={() => void queue.release(write.id)}
                onDiscard={() => void queue.discard(write.id)}
                onOpen={() => setOpen(false)}
              />
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
