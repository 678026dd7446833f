import {
  ArrowRight,
  CheckCircle2,
  CircleX,
  Flag,
  FlagOff,
  Hash,
  type LucideIcon,
  MessageSquare,
  PackageCheck,
  PackagePlus,
  PackageX,
  Printer,
  ScanLine,
  ShieldAlert,
  Tag,
  ThumbsUp,
  Truck,
  Webhook,
} from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { STOCK_STATE_LABELS } from "@/components/inventory/movement-labels";
import { labelCountWords, printFormWords } from "@/components/labels/label-print-words";
import { formatMoney, humanize } from "@/lib/client/format";
import type { ReturnTimelineEntry } from "@/lib/schemas/return-timeline";
import { returnStatusLabel } from "./return-badges";

/*
 * What each kind of timeline entry says: its icon, colour, words and details. How an entry is laid out
 * (and a comment's message or image) is timeline-entry.tsx.
 */

/** Before flagging became a status it was this tag: old timelines still show it as the flag. */
const FORMER_FLAG_TAG = "flagged";

/** What an entry needs from the page around it: item names, the money's currency, links for admins. */
export type TimelineContext = {
  itemName: (itemId: string) => string;
  currency: string;
  /** Where a webhook's page is, for admins (null: the staff member cannot open it). */
  webhookHref: ((webhookId: string) => string) | null;
  now: number;
};

export type Tone = "slate" | "indigo" | "green" | "red" | "amber";
type Shown = { icon: LucideIcon; tone: Tone; words: ReactNode; more?: ReactNode };

function Quote({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="mt-1 text-sm whitespace-pre-wrap break-words text-slate-700">
      <span className="text-slate-500">{label}: </span>
      {children}
    </p>
  );
}

const money = (amount: string | null, currency: string) =>
  amount === null ? "its value" : formatMoney({ amount, currency });

/** The icon, words and details of each kind of entry. */
export function describe(entry: ReturnTimelineEntry, ctx: TimelineContext): Shown {
  switch (entry.kind) {
    case "created":
      return {
        icon: PackagePlus,
        tone: "slate",
        words:
          entry.actor.kind === "customer"
            ? `requested a ${entry.details.type}`
            : `created the ${entry.details.type}`,
      };
    case "status_changed": {
      const { from, to, customerNotes, tracking } = entry.details;
      const notes = customerNotes ? <Quote label="Note to the customer">{customerNotes}</Quote> : null;
      if (tracking) {
        // A carrier's update, not a person's decision: say which parcel and what the carrier said.
        const said = [humanize(tracking.status), tracking.message, tracking.location].filter(Boolean);
        return {
          icon: Truck,
          tone: "indigo",
          words: (
            <>
              moved it from {returnStatusLabel(from)} to{" "}
              <span className="font-medium text-slate-900">{returnStatusLabel(to)}</span> from a tracking
              update
            </>
          ),
          more: <Quote label={`Parcel ${tracking.number}`}>{said.join(" · ")}</Quote>,
        };
      }
      if (entry.details.via === "receive")
        return {
          icon: PackageCheck,
          tone: "indigo",
          words: (
            <>
              marked it received: from {returnStatusLabel(from)} to{" "}
              <span className="font-medium text-slate-900">{returnStatusLabel(to)}</span>
            </>
          ),
        };
      if (to === "rejected") return { icon: CircleX, tone: "red", words: "rejected the return", more: notes };
      if (to === "complete")
        return { icon: CheckCircle2, tone: "green", words: "completed the return", more: notes };
      if (to === "flagged") {
        const reason = entry.details.reason ? (
          <Quote label="Chain of custody">{entry.details.reason}</Quote>
        ) : null;
        return { icon: Flag, tone: "red", words: "flagged the return", more: reason ?? notes };
      }
      if (from === "flagged")
        return {
          icon: FlagOff,
          tone: "slate",
          words: (
            <>
              removed the flag: back to{" "}
              <span className="font-medium text-slate-900">{returnStatusLabel(to)}</span>
            </>
          ),
          more: notes,
        };
      return {
        icon: ArrowRight,
        tone: "indigo",
        words: (
          <>
            moved it from {returnStatusLabel(from)} to{" "}
            <span className="font-medium text-slate-900">{returnStatusLabel(to)}</span>
          </>
        ),
        more: notes,
      };
    }
    case "approved": {
      const kept = entry.details.items.filter((item) => !item.shipBack).length;
      return {
        icon: ThumbsUp,
        tone: "green",
        words: "approved the return",
        more: (
          <>
            {kept > 0 ? (
              <p className="mt-1 text-sm text-slate-600">
                {kept === 1 ? "1 item stays" : `${kept} items stay`} with the customer (green return).
              </p>
            ) : null}
            {entry.details.customerNotes ? (
              <Quote label="Note to the customer">{entry.details.customerNotes}</Quote>
            ) : null}
          </>
        ),
      };
    }
    case "item_processed": {
      const d = entry.details;
      const item = <span className="font-medium text-slate-900">{ctx.itemName(d.itemId)}</span>;
      const facts = [
        d.grade ? `Grade ${d.grade}` : null,
        d.outcome ? `Outcome: ${humanize(d.outcome)}` : null,
        d.adjustment
          ? `Credit ${money(d.adjustment.from, ctx.currency)} → ${money(d.adjustment.to, ctx.currency)}`
          : null,
      ].filter(Boolean);
      const more = (
        <>
          {d.rejectReason ? <Quote label="Reason">{d.rejectReason}</Quote> : null}
          {facts.length > 0 ? <p className="mt-1 text-sm text-slate-600">{facts.join(" · ")}</p> : null}
          {d.customerNotes ? <Quote label="Note to the customer">{d.customerNotes}</Quote> : null}
        </>
      );
      if (d.result === "rejected") return { icon: PackageX, tone: "red", words: <>rejected {item}</>, more };
      if (d.restock) {
        const where = d.locationName ?? d.locationId ?? "a location";
        return {
          icon: PackageCheck,
          tone: "green",
          words: (
            <>
              restocked {d.quantity} × {item} at {where}
            </>
          ),
          more,
        };
      }
      if (d.disposition && d.disposition !== "restock") {
        // Held apart from sellable stock (docs/dispositions.md): the state it went into, and where.
        const where = d.locationName ?? d.locationId ?? "a location";
        return {
          icon: PackageCheck,
          tone: "slate",
          words: (
            <>
              put {d.quantity} × {item} into {STOCK_STATE_LABELS[d.disposition].toLowerCase()} at {where}
            </>
          ),
          more,
        };
      }
      return { icon: PackageCheck, tone: "slate", words: <>processed {item} without restocking</>, more };
    }
    case "identifiers_set":
      return {
        icon: Hash,
        tone: "slate",
        words: entry.details.items.length === 1 ? "set an item's identifier" : "set items' identifiers",
        more: (
          <ul className="mt-1 space-y-0.5 text-sm text-slate-600">
            {entry.details.items.map((change) => (
              <li key={change.itemId}>
                {ctx.itemName(change.itemId)}: <span className="font-mono">{change.from ?? "none"}</span> →{" "}
                <span className="font-mono">{change.to ?? "none"}</span>
              </li>
            ))}
          </ul>
        ),
      };
    case "custody_checked": {
      const d = entry.details;
      return {
        icon: d.verdict === "received" ? ScanLine : ShieldAlert,
        tone: d.verdict === "received" ? "slate" : "red",
        words: (
          <>
            scanned <span className="font-mono">{d.identifier}</span> on {ctx.itemName(d.itemId)}
          </>
        ),
        more: <p className="mt-1 text-sm text-slate-600">{d.summary}</p>,
      };
    }
    case "labels_printed": {
      const { count, format, size, itemIds } = entry.details;
      return {
        icon: Printer,
        tone: "slate",
        words: `printed ${labelCountWords(count, "license plate")} (${printFormWords({ format, size })})`,
        more:
          itemIds.length > 0 && itemIds.length <= 5 ? (
            <Quote label="For">{itemIds.map((id) => ctx.itemName(id)).join(", ")}</Quote>
          ) : undefined,
      };
    }
    case "tag_added":
    case "tag_removed": {
      const added = entry.kind === "tag_added";
      if (entry.details.name === FORMER_FLAG_TAG) {
        return added
          ? { icon: Flag, tone: "red", words: "flagged the return" }
          : { icon: FlagOff, tone: "slate", words: "removed the flag" };
      }
      return {
        icon: Tag,
        tone: "slate",
        words: (
          <>
            {added ? "added the tag" : "removed the tag"}{" "}
            <span className="font-medium text-slate-900">{entry.details.name}</span>
          </>
        ),
      };
    }
    case "comment":
      return { icon: MessageSquare, tone: "indigo", words: "commented" };
    case "webhook_delivery": {
      const d = entry.details;
      const answer = d.responseStatus !== null ? `HTTP ${d.responseStatus}` : (d.error ?? "no answer");
      const webhook = ctx.webhookHref ? (
        <Link href={ctx.webhookHref(d.webhookId)} className="text-indigo-700 underline hover:text-indigo-900">
          a webhook
        </Link>
      ) : (
        "a webhook"
      );
      const attempt = d.attempt > 1 ? `, attempt ${d.attempt}` : "";
      if (d.result === "delivered") {
        return {
          icon: Webhook,
          tone: "green",
          words: (
            <>
              delivered the {d.eventType} event to {webhook} ({answer}
              {attempt})
            </>
          ),
        };
      }
      return {
        icon: Webhook,
        tone: "amber",
        words: (
          <>
            could not deliver the {d.eventType} event to {webhook} ({answer}
            {attempt}){d.final ? "; gave up" : "; will retry"}
          </>
        ),
      };
    }
  }
}
