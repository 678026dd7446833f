"use client";

import { MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { useCan, useStoreTimeZone } from "@/components/app/staff-context";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatDateTime, formatRelative } from "@/lib/client/format";
import { useReturnComments } from "@/lib/client/hooks/returns";
import type { ReturnCommentEntry } from "@/lib/schemas/returns";
import { commentImageSrc } from "./comment-attachment";
import { CommentComposer } from "./comment-composer";

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase();
}

/** The return's comments, oldest first like a conversation, with the composer below the newest. */
export function ReturnComments({ storeId, returnId }: { storeId: string; returnId: string }) {
  const canEdit = useCan("write");
  const comments = useReturnComments(returnId);

  let body: ReactNode;
  if (comments.isPending) {
    body = (
      <ol className="space-y-5 px-5 py-4" aria-busy="true">
        {[0, 1].map((key) => (
          <li key={key} className="flex gap-3">
            <Skeleton className="size-8 shrink-0 rounded-full" />
            <div className="flex-1">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="mt-2 h-4 w-3/4" />
            </div>
          </li>
        ))}
      </ol>
    );
  } else if (comments.isError) {
    body = (
      <ErrorState
        title="Comments could not be loaded"
        message={errorMessage(comments.error)}
        onRetry={() => void comments.refetch()}
      />
    );
  } else if (comments.data.length === 0) {
    body = (
      <p className="flex items-center gap-2 px-5 py-6 text-sm text-slate-600">
        <MessageSquare className="size-4 text-slate-500" aria-hidden="true" />
        No comments yet.{canEdit ? " Add the first one below." : ""}
      </p>
    );
  } else {
    const now = Date.now();
    body = (
      <ol className="space-y-5 px-5 py-4">
        {comments.data.map((comment) => (
          <CommentEntry key={comment.id} comment={comment} now={now} />
        ))}
      </ol>
    );
  }

  return (
    <Card
      title="Comments"
      description="Notes from staff and integrations, oldest first. They also appear in the return's notes."
      bodyClassName=""
    >
      {body}
      {canEdit ? <CommentComposer storeId={storeId} returnId={returnId} /> : null}
    </Card>
  );
}

function CommentEntry({ comment, now }: { comment: ReturnCommentEntry; now: number }) {
  const timeZone = useStoreTimeZone();
  const when = formatRelative(comment.createdAt, now);
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700"
      >
        {initials(comment.author.name)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-medium text-slate-900">{comment.author.name}</span>{" "}
          <time
            dateTime={comment.createdAt}
            title={formatDateTime(comment.createdAt, timeZone)}
            className="text-slate-500"
          >
            {when}
          </time>
        </p>
        {"message" in comment ? (
          <p className="mt-1 text-sm whitespace-pre-wrap break-words text-slate-800">{comment.message}</p>
        ) : (
          <a
            href={commentImageSrc(comment.image)}
            target="_blank"
            rel="noreferrer"
            className="mt-2 inline-block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {/* biome-ignore lint/performance/noImgElement: served by the API with the session cookie. */}
            <img
              src={commentImageSrc(comment.image)}
              alt={`Attachment from ${comment.author.name}, ${when} (opens full size in a new tab)`}
              loading="lazy"
              className="h-48 w-72 max-w-full rounded-md border border-slate-200 bg-slate-50 object-contain"
            />
          </a>
        )}
      </div>
    </li>
  );
}
