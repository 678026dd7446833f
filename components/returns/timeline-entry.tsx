import { RelativeTime } from "@/components/ui/relative-time";
import { formatRelative } from "@/lib/client/format";
import type { ReturnTimelineEntry } from "@/lib/schemas/return-timeline";
import { commentImageSrc } from "./comment-attachment";
import { describe, type TimelineContext, type Tone } from "./timeline-describe";

const TONES: Record<Tone, string> = {
  slate: "bg-slate-100 text-slate-600",
  indigo: "bg-indigo-50 text-indigo-700",
  green: "bg-emerald-50 text-emerald-700",
  red: "bg-red-50 text-red-700",
  amber: "bg-amber-50 text-amber-800",
};

function who(actor: ReturnTimelineEntry["actor"]): string {
  if (actor.kind === "api_secret") return `${actor.name} (API secret)`;
  if (actor.kind === "customer") return `${actor.name} (customer)`;
  return actor.name;
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
