"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Dialog, type DialogControl } from "@/components/ui/dialog";
import { useDeleteWebhook } from "@/lib/client/hooks/webhooks";
import type { Webhook } from "@/lib/schemas/webhooks";

export function DeleteWebhookDialog({
  storeId,
  webhook,
  open,
  onClose,
}: {
  storeId: string;
  webhook: Webhook;
} & DialogControl) {
  const router = useRouter();
  const remove = useDeleteWebhook(storeId, webhook.id);
  const confirm = () =>
    remove.mutate(undefined, {
      // Straight to the list, without closing first: a re-render of this page would refetch the webhook
      // whose queries the mutation just removed, and flash its 404.
      onSuccess: () => router.push(`/stores/${storeId}/settings/webhooks`),
    });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Delete this webhook?"
      description={
        <>
          Events will no longer be sent to
          <span className="mt-1 block font-mono text-sm text-slate-900 [overflow-wrap:anywhere]">
            {webhook.callback.url}
          </span>
        </>
      }
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" pending={remove.isPending} onClick={confirm}>
            Delete webhook
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        Pending deliveries are dropped and its delivery log and signing secret are deleted with it. This
        cannot be undone.
      </p>
    </Dialog>
  );
}
