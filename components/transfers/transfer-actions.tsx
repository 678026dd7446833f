"use client";

import { Ban, ScanLine, Send } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/client/api-client";
import { formatNumber } from "@/lib/client/format";
import { useTransferAction } from "@/lib/client/hooks/transfers";
import { toast } from "@/lib/client/toast";
import type { Transfer } from "@/lib/schemas/transfers";
import { type BinPicks, ShipBins, shipBody } from "./ship-bins";

/**
 * The transfer page's next steps, for those who may write: Ship a draft (its units leave the origin), Receive
 * (the destination shipment's Receive mode), Cancel (a draft, or in transit before anything arrived), each
 * confirmed first.
 */
export function TransferActions({ transfer }: { transfer: Transfer }) {
  const store = useCurrentStore();
  const canWrite = useCan("write");
  const action = useTransferAction(store.id, transfer.id);
  const [confirming, setConfirming] = useState<"ship" | "cancel" | null>(null);
  const [picks, setPicks] = useState<BinPicks>({});
  if (!canWrite) return null;
  const run = (which: "ship" | "cancel") =>
    action.mutate(
      { action: which, ship: which === "ship" ? shipBody(picks) : undefined },
      {
        onSuccess: (updated) => {
          setConfirming(null);
          toast.success(which === "ship" ? "Transfer shipped" : "Transfer cancelled", {
            description:
              which === "ship"
                ? `${formatNumber(updated.unit_count)} units left ${updated.origin.name} and are incoming at ${updated.destination.name}.`
                : transfer.status === "IN_TRANSIT"
                  ? `${formatNumber(updated.unit_count)} units are back at ${updated.origin.name}.`
                  : "Nothing was moved.",
          });
        },
      },
    );
  const receivable =
    (transfer.status === "IN_TRANSIT" || transfer.status === "PARTIALLY_RECEIVED") &&
    transfer.inbound_shipment_id;
  const cancellable = transfer.status === "DRAFT" || transfer.status === "IN_TRANSIT";
  return (
    <>
      {transfer.status === "DRAFT" ? (
        <Button variant="primary" onClick={() => setConfirming("ship")}>
          <Send aria-hidden="true" className="size-4" />
          Ship
        </Button>
      ) : null}
      {receivable ? (
        <Link
          href={`/stores/${store.id}/shipments/${transfer.inbound_shipment_id}/receive`}
          className={buttonClasses("primary")}
        >
          <ScanLine aria-hidden="true" className="size-4" />
          Receive
        </Link>
      ) : null}
      {cancellable ? (
        <Button variant="secondary" onClick={() => setConfirming("cancel")}>
          <Ban aria-hidden="true" className="size-4" />
          Cancel transfer
        </Button>
      ) : null}
      <Dialog
        open={confirming !== null}
        onClose={() => {
          setConfirming(null);
          action.reset();
        }}
        title={confirming === "ship" ? "Ship this transfer?" : "Cancel this transfer?"}
        description={
          confirming === "ship"
            ? `${formatNumber(transfer.unit_count)} units leave ${transfer.origin.name} now, from its unbinned stock unless you choose bins below, and show as incoming at ${transfer.destination.name}, where they are received like an inbound shipment.`
            : transfer.status === "IN_TRANSIT"
              ? `The ${formatNumber(transfer.unit_count)} units go back to ${transfer.origin.name}'s stock and ${transfer.destination.name} no longer expects them.`
              : "The draft is kept as cancelled; no stock has moved."
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Keep it
            </Button>
            <Button
              variant={confirming === "cancel" ? "danger" : "primary"}
              pending={action.isPending}
              onClick={() => confirming && run(confirming)}
            >
              {confirming === "ship" ? "Ship now" : "Cancel transfer"}
            </Button>
          </>
        }
      >
        {confirming === "ship" ? (
          <ShipBins storeId={store.id} transfer={transfer} picks={picks} onChange={setPicks} />
        ) : null}
        {action.error ? (
          <div role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
            <p>{errorMessage(action.error)}</p>
            {action.error && "errors" in action.error && Array.isArray(action.error.errors) ? (
              <ul className="mt-1 list-disc pl-5">
                {(action.error.errors as { path: string; message: string }[]).map((issue) => (
                  <li key={issue.path}>{issue.message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
