"use client";

import { Copy, Eye, EyeOff, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useStoreTimeZone } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/client/api-client";
import { formatDateTime } from "@/lib/client/format";
import { useRotateSigningSecret, useSigningSecret } from "@/lib/client/hooks/webhooks";
import { toast } from "@/lib/client/toast";

const MASK = "whsec_••••••••••••••••••••••••";

/**
 * The Standard Webhooks signing secret: masked until the admin reveals it (one request, never cached
 * beyond a minute after leaving), copyable, and rotatable with a 24 h overlap.
 */
export function SigningSecretCard({ webhookId }: { webhookId: string }) {
  const timeZone = useStoreTimeZone();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [previousExpiresAt, setPreviousExpiresAt] = useState<string | null>(null);
  const secret = useSigningSecret(webhookId, revealed);
  const rotate = useRotateSigningSecret(webhookId);
  const shown = revealed && secret.data ? secret.data : null;

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
      toast.success("Signing secret copied");
    } catch {
      toast.error("Could not copy", { description: "Select the secret and copy it by hand." });
    }
  };

  const confirmRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (rotated) => {
        setPreviousExpiresAt(rotated.previousSecretExpiresAt);
        setRevealed(true);
        setConfirming(false);
      },
    });

  return (
    <Card
      title="Signing secret"
      description="Receivers verify the webhook-signature header of each delivery with this secret."
    >
      <code className="block break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900">
        {shown ?? MASK}
      </code>
      {revealed && secret.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(secret.error)}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          pending={revealed && secret.isFetching}
          onClick={() => setRevealed((value) => !value)}
          aria-pressed={revealed}
        >
          {revealed ? (
            <EyeOff className="size-3.5" aria-hidden="true" />
          ) : (
            <Eye className="size-3.5" aria-hidden="true" />
          )}
          {revealed ? "Hide" : "Reveal"}
        </Button>
        <Button size="sm" disabled={!shown} onClick={() => void copy()}>
          <Copy className="size-3.5" aria-hidden="true" />
          Copy
        </Button>
        <Button size="sm" onClick={() => setConfirming(true)}>
          <RefreshCw className="size-3.5" aria-hidden="true" />
          Rotate…
        </Button>
      </div>
      {previousExpiresAt ? (
        <p role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          New secret in use. Until {formatDateTime(previousExpiresAt, timeZone)} every delivery is also signed
          with the previous secret, so update your receiver before then.
        </p>
      ) : (
        <p className="mt-3 text-xs text-slate-600">
          Verify with any Standard Webhooks library, e.g.{" "}
          <code className="font-mono">new Webhook(secret).verify(body, headers)</code>.
        </p>
      )}

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Rotate the signing secret?"
        description="A new secret is generated and shown here."
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button variant="primary" pending={rotate.isPending} onClick={confirmRotate}>
              Rotate secret
            </Button>
          </>
        }
      >
        <div className="space-y-2 text-sm text-slate-700">
          <p>
            For the next 24 hours every delivery carries two signatures, one with the new secret and one with
            the current one, so your receiver keeps accepting deliveries while you switch it to the new
            secret.
          </p>
          <p>
            After 24 hours only the new secret signs. Rotating again within that time drops the current secret
            at once.
          </p>
        </div>
      </Dialog>
    </Card>
  );
}
