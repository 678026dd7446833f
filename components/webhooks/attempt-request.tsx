"use client";

import { Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/client/format";
import { useWebhookDelivery } from "@/lib/client/hooks/webhook-deliveries";
import { toast } from "@/lib/client/toast";
import type { DeliveryAttemptRequest } from "@/lib/schemas/webhook-deliveries";

const PRE =
  "max-h-72 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 font-mono text-xs text-slate-800";

/** The request as an HTTP message (headers, blank line, body): what the copy button copies. */
function requestText(request: DeliveryAttemptRequest, body: string | null | undefined): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
  return body ? `${headers}\n\n${body}` : headers;
}

/** Pretty-printed for reading; the copy button copies the bytes as sent. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * One attempt's request beside its response, collapsed by default. The list answers headers only, so
 * the body comes from Get delivery when the section is first opened (one request per delivery).
 */
export function AttemptRequest({
  webhookId,
  deliveryId,
  attemptNumber,
  request,
}: {
  webhookId: string;
  deliveryId: string;
  attemptNumber: number;
  request: DeliveryAttemptRequest | null;
}) {
  const [open, setOpen] = useState(false);
  const detail = useWebhookDelivery(webhookId, deliveryId, open && request !== null);
  if (!request) return <p className="text-xs text-slate-500">Request not recorded (an older attempt).</p>;
  const body = detail.data?.attempts.find((attempt) => attempt.attemptNumber === attemptNumber)?.request
    ?.body;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(requestText(request, body));
      toast.success("Request copied");
    } catch {
      toast.error("Could not copy", { description: "Select the request and copy it by hand." });
    }
  };
  return (
    <details className="group" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-xs font-medium text-slate-700 hover:text-slate-900">
        Request sent · {request.bodyKind} body, {formatNumber(request.bodyBytes)} bytes
      </summary>
      <div className="mt-1.5 space-y-1.5">
        <div className="flex justify-end">
          <Button size="sm" variant="ghost" onClick={() => void copy()}>
            <Copy className="size-3.5" aria-hidden="true" />
            Copy request
          </Button>
        </div>
        <p className="text-xs font-medium text-slate-600">Headers</p>
        <pre className={PRE}>
          {Object.entries(request.headers)
            .map(([name, value]) => `${name}: ${value}`)
            .join("\n")}
        </pre>
        {detail.isPending ? (
          <p className="text-xs text-slate-500">Loading the body…</p>
        ) : body ? (
          <>
            <p className="text-xs font-medium text-slate-600">Body</p>
            <section
              aria-label="Request body"
              // A snapshot body outgrows the box, so keyboard users must be able to focus it to scroll.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs to take focus.
              tabIndex={0}
              className={`${PRE} focus-visible:outline-2 focus-visible:outline-indigo-600`}
            >
              {readable(body)}
            </section>
          </>
        ) : (
          <p className="text-xs text-slate-500">
            The body cannot be shown: the event no longer matches what was sent (SHA-256 {request.bodySha256}
            ).
          </p>
        )}
      </div>
    </details>
  );
}
