"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/client/api-client";
import { useRevokeApiSecret } from "@/lib/client/hooks/api-secrets";
import type { ApiSecret } from "@/lib/schemas/api-secrets";

/** Confirms a revoke (open while `apiSecret` is set): it cannot be undone and breaks its integrations. */
export function RevokeApiSecretDialog({
  storeId,
  apiSecret,
  onClose,
}: {
  storeId: string;
  apiSecret: ApiSecret | null;
  onClose: () => void;
}) {
  const revoke = useRevokeApiSecret(storeId);
  const close = () => {
    revoke.reset();
    onClose();
  };
  const confirm = () => {
    if (apiSecret) revoke.mutate(apiSecret, { onSuccess: close });
  };

  return (
    <Dialog
      open={apiSecret !== null}
      onClose={close}
      title={apiSecret ? `Revoke “${apiSecret.name}”?` : "Revoke API secret?"}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" pending={revoke.isPending} onClick={confirm}>
            Revoke secret
          </Button>
        </>
      }
    >
      {apiSecret ? (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            Every integration using the secret starting with{" "}
            <code className="rounded bg-slate-100 px-1 font-mono text-xs text-slate-900">
              {apiSecret.start}…
            </code>{" "}
            stops working at once: its requests are refused with 401 from now on.
          </p>
          <p>This cannot be undone. The secret stays in the list, marked revoked.</p>
          {revoke.isError ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
              {errorMessage(revoke.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
