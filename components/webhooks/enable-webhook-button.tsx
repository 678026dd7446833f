"use client";

import { Power } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useEnableWebhook } from "@/lib/client/hooks/webhooks";

/** Re-enables a disabled webhook: its failure count resets and held deliveries are sent. */
export function EnableWebhookButton({
  storeId,
  webhookId,
  label,
}: {
  storeId: string;
  webhookId: string;
  /** Names the webhook for screen readers where several buttons share a page. */
  label?: string;
}) {
  const enable = useEnableWebhook(storeId, webhookId);
  return (
    <Button size="sm" pending={enable.isPending} onClick={() => enable.mutate()} aria-label={label}>
      <Power className="size-3.5" aria-hidden="true" />
      Enable
    </Button>
  );
}
