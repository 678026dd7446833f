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
  Tag,
  ThumbsUp,
  Truck,
  Webhook,
} from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatMoney, formatRelative, humanize } from "@/lib/client/format";
import type { ReturnTimelineEntry } from "@/lib/schemas/return-timeline";
import { commentImageSrc } from "./comment-attachment";
import { returnStatusLabel } from "./return-badges";

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

type Tone = "slate" | "indigo" | "green" | "red" | "amber";
const TONES: Record<Tone, string> = {
  slate: "bg-slate-100 text-slate-600",
  indigo: "bg-indigo-50 text-indigo-700",
  green: "bg-emerald-50 text-emerald-700",
  red: "bg-red-50 text-red-700",
  amber: "bg-amber-50 text-amber-800",
};

type Shown = { icon: LucideIcon; tone: Tone; words: ReactNode; more?: ReactNode };

function who(actor: ReturnTimelineEntry["actor"]): string {
  if (actor.kind === "api_secret") return `${actor.name} (API secret)`;
  if (actor.kind === "customer") return `${actor.name} (customer)`;
  return actor.name;
}

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
function describe(entry: ReturnTimelineEntry, ctx: TimelineContext): Shown {
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
      if (to === "rejected") return { icon: CircleX, tone: "red", words: "rejected the return", more: notes };
      if (to === "complete")
        return { icon: CheckCircle2, tone: "green", words: "completed the return", more: notes };
      if (to === "flagged") return { icon: Flag, tone: "red", words: "flagged the return", more: notes };
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

/** One line of the timeline: icon, who, what, when (relative, the exact time on hover). */
export function TimelineEntry({ entry, ctx }: { entry: ReturnTimelineEntry; ctx: TimelineContext }) {
  const shown = describe(entry, ctx);
  const Icon = shown.icon;
  const author = who(entry.actor);
  return (
    <li className="relative flex gap-3">
      <span
        aria-hidden="true"
        className={`flex size-8 shrink-0 items-center justify-center rounded-full ring-4 ring-white ${TONES[shown.tone]}`}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1 pt-1.5">
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{author}</span> {shown.words}{" "}
          <span className="text-slate-500">
            · <RelativeTime value={entry.at} now={ctx.now} />
          </span>
        </p>
        {shown.more}
        {entry.kind === "comment" ? <CommentBody entry={entry} author={author} ctx={ctx} /> : null}
      </div>
    </li>
  );
}

function CommentBody({
  entry,
  author,
  ctx,
}: {
  entry: Extract<ReturnTimelineEntry, { kind: "comment" }>;
  author: string;
  ctx: TimelineContext;
}) {
  const { message, image } = entry.details;
  if (image === undefined) {
    return (
      <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap break-words text-slate-800">
        {message}
      </p>
    );
  }
  const src = commentImageSrc(image);
  const when = formatRelative(entry.at, Math.max(ctx.now, Date.parse(entry.at)));
  return (
    <a
      href={src}
      target="_blank"
      rel="noreferrer"
      className="mt-2 inline-block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {/* biome-ignore lint/performance/noImgElement: served by the API with the session cookie. */}
      <img
        src={src}
        alt={`Attachment from ${author}, ${when} (opens full size in a new tab)`}
        loading="lazy"
        className="h-48 w-72 max-w-full rounded-md border border-slate-200 bg-slate-50 object-contain"
      />
    </a>
  );
}
