"use client";

import { Button } from "@/components/ui/button";
import { Dialog, type DialogControl } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/client/api-client";
import { formatNumber } from "@/lib/client/format";
import { useBulkResend, useFailedDeliveryCount } from "@/lib/client/hooks/webhook-deliveries";

/**
 * Confirms a bulk resend of the webhook's failed (discarded) deliveries. The count comes from a dry run
 * of the same request, so the number confirmed is the number the server would queue (one per event).
 */
export function BulkResendDialog({
  webhookId,
  open,
  onClose,
}: {
  webhookId: string;
} & DialogControl) {
  const count = useFailedDeliveryCount(webhookId, open);
  const resend = useBulkResend(webhookId);
  const matched = count.data?.matched ?? 0;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Resend failed deliveries"
      description="Each discarded delivery's event is sent again as a new delivery, in event order."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={!count.isSuccess || matched === 0}
            pending={resend.isPending}
            onClick={() => resend.mutate(undefined, { onSuccess: onClose })}
          >
            {count.isSuccess ? `Resend ${formatNumber(matched)} failed` : "Resend failed"}
          </Button>
        </>
      }
    >
      {count.isPending ? (
        <p className="text-sm text-slate-600">Counting failed deliveries…</p>
      ) : count.isError ? (
        <p className="text-sm text-red-700">{errorMessage(count.error)}</p>
      ) : matched === 0 ? (
        <p className="text-sm text-slate-700">No failed delivery waits for a resend.</p>
      ) : (
        <p className="text-sm text-slate-700">
          {matched === 1
            ? "1 failed delivery will be sent again."
            : `${formatNumber(matched)} failed deliveries will be sent again.`}{" "}
          Events already resent, or delivered since, are left out.
        </p>
      )}
    </Dialog>
  );
}
