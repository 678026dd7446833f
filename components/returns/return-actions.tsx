"use client";

import {
  Check,
  CheckCircle2,
  Flag,
  FlagOff,
  PackageCheck,
  PackageOpen,
  RotateCcw,
  Trash2,
  X,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useCan, useStaff } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { describedBy, Field, TextArea } from "@/components/ui/field";
import { type ReturnAction, useReturnAction } from "@/lib/client/hooks/return-lifecycle";
import { returnMoves } from "@/lib/enums";
import { MAX_CUSTOMER_NOTES_LENGTH } from "@/lib/schemas/limits";
import type { Order } from "@/lib/schemas/orders";
import type { Return } from "@/lib/schemas/returns";
import { ProcessPanel } from "./process-panel";

/** A return is green when it has items and the customer keeps every one: it may be processed while open. */
function isGreen(ret: Return): boolean {
  return ret.items.length > 0 && ret.items.every((item) => item.greenReturn === true);
}

/** Whether a carrier says one of the return's parcels is delivered. */
function carrierSaysDelivered(ret: Return): boolean {
  return ret.shipments.some((shipment) => shipment.status === "delivered");
}

/**
 * The lifecycle's next steps for the return's status, from the same table the API checks
 * (`returnMoves` in lib/enums.ts). Editors and admins only: a viewer sees none. Rejecting, completing,
 * deleting and processing each open a dialog that says what follows before anything is sent.
 */
export function ReturnActions({ storeId, ret, order }: { storeId: string; ret: Return; order: Order }) {
  const canEdit = useCan("write");
  const { user } = useStaff();
  const action = useReturnAction(storeId, ret.id, {
    id: user.id,
    name: user.name,
    returnLabel: `return for order ${order.name}`,
  });
  const [open, setOpen] = useState<null | "reject" | "process" | "complete" | "delete">(null);
  const group = useRef<HTMLDivElement>(null);
  /** The step just taken, until the status it led to is shown. */
  const moved = useRef<ReturnAction["kind"] | null>(null);

  // A step's button goes away once taken: focus moves to the next step (or the group), not to <body>.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the status changes.
  useEffect(() => {
    const taken = moved.current;
    if (!taken) return;
    moved.current = null;
    // Flag and Unflag are one toggle: focus stays on it (the pending state blurred it).
    const toggle = group.current?.querySelector<HTMLElement>("[data-step='flag']");
    if ((taken === "flag" || taken === "unflag") && toggle) {
      toggle.focus();
      return;
    }
    if (group.current?.contains(document.activeElement)) return;
    // Otherwise the first step left takes it (a deleted return has none: focus stays where it was).
    group.current?.querySelector<HTMLElement>("button")?.focus();
  }, [ret.status]);

  if (!canEdit) return null;
  const moves = returnMoves(ret.status, isGreen(ret));
  const flagged = ret.status === "flagged";
  const can = (to: string, via = "status") => moves.some((move) => move.to === to && move.via === via);
  const run = (next: ReturnAction, after?: () => void) =>
    action.mutate(next, {
      onSuccess: () => {
        moved.current = next.kind;
        after?.();
      },
    });
  const busy = (kind: ReturnAction["kind"]) => action.isPending && action.variables?.kind === kind;
  // Finished returns are reopened, not flagged; a deleted one has no step left.
  const reopenable = (ret.status === "complete" || ret.status === "rejected") && can("open");

  // The parcel is here by its carrier's word: one step to delivered (approving on the way) instead of three.
  const receivable = can("delivered", "receive") && carrierSaysDelivered(ret);

  return (
    <div ref={group} className="flex flex-wrap gap-2">
      {receivable ? (
        <Button variant="primary" pending={busy("receive")} onClick={() => run({ kind: "receive" })}>
          <PackageOpen className="size-4" aria-hidden="true" />
          Mark received
        </Button>
      ) : null}
      {can("open", "approve") ? (
        <Button variant="primary" pending={busy("approve")} onClick={() => run({ kind: "approve" })}>
          <Check className="size-4" aria-hidden="true" />
          Approve
        </Button>
      ) : null}
      {can("complete", "process") ? (
        <Button
          variant="primary"
          onClick={() => {
            action.reset(); // the panel opens without the last attempt's error
            setOpen("process");
          }}
        >
          <PackageCheck className="size-4" aria-hidden="true" />
          Process items…
        </Button>
      ) : null}
      {can("complete") ? (
        <Button pending={busy("complete")} onClick={() => setOpen("complete")}>
          <CheckCircle2 className="size-4" aria-hidden="true" />
          Mark complete…
        </Button>
      ) : null}
      {reopenable ? (
        <Button pending={busy("reopen")} onClick={() => run({ kind: "reopen" })}>
          <RotateCcw className="size-4" aria-hidden="true" />
          Reopen
        </Button>
      ) : null}
      {flagged || can("flagged") ? (
        <Button
          data-step="flag"
          pending={busy(flagged ? "unflag" : "flag")}
          onClick={() => run({ kind: flagged ? "unflag" : "flag" })}
        >
          {flagged ? (
            <FlagOff className="size-4" aria-hidden="true" />
          ) : (
            <Flag className="size-4" aria-hidden="true" />
          )}
          {flagged ? "Unflag" : "Flag"}
        </Button>
      ) : null}
      {can("rejected") ? (
        <Button onClick={() => setOpen("reject")} className="text-red-700">
          <X className="size-4" aria-hidden="true" />
          Reject…
        </Button>
      ) : null}
      {can("deleted") ? (
        <Button onClick={() => setOpen("delete")} className="text-red-700">
          <Trash2 className="size-4" aria-hidden="true" />
          Delete…
        </Button>
      ) : null}
      <RejectDialog
        open={open === "reject"}
        pending={busy("reject")}
        onClose={() => setOpen(null)}
        onReject={(customerNotes) => run({ kind: "reject", customerNotes }, () => setOpen(null))}
      />
      <Dialog
        open={open === "complete"}
        onClose={() => setOpen(null)}
        title="Mark this return complete?"
        description="Items not yet processed are marked complete without restocking or crediting anything. It can be reopened later."
        footer={
          <>
            <Button onClick={() => setOpen(null)}>Cancel</Button>
            <Button
              variant="primary"
              pending={busy("complete")}
              onClick={() => run({ kind: "complete" }, () => setOpen(null))}
            >
              Mark complete
            </Button>
          </>
        }
      />
      <Dialog
        open={open === "delete"}
        onClose={() => setOpen(null)}
        title="Delete this return?"
        description="The return is reset: it stays in the list under Deleted but nothing more can be done with it."
        footer={
          <>
            <Button onClick={() => setOpen(null)}>Keep it</Button>
            <Button
              variant="danger"
              pending={busy("delete")}
              onClick={() => run({ kind: "delete" }, () => setOpen(null))}
            >
              Delete return
            </Button>
          </>
        }
      />
      {open === "process" ? (
        <ProcessPanel
          storeId={storeId}
          ret={ret}
          order={order}
          pending={busy("process")}
          error={action.variables?.kind === "process" ? action.error : null}
          onClose={() => setOpen(null)}
          onProcess={(body) => run({ kind: "process", body }, () => setOpen(null))}
        />
      ) : null}
    </div>
  );
}

/** Rejecting a return: the note to the customer (why) is required here. */
function RejectDialog({
  open,
  pending,
  onClose,
  onReject,
}: {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onReject: (customerNotes: string) => void;
}) {
  const id = useId();
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const trimmed = notes.trim();
    if (!trimmed) {
      setError("Write the note the customer will read: why the return is rejected.");
      return;
    }
    onReject(trimmed);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Reject this return?"
      description="The return is rejected and the customer gets your note. It can be reopened later."
      footer={
        <>
          <Button onClick={onClose}>Keep it</Button>
          <Button variant="danger" pending={pending} onClick={submit}>
            Reject return
          </Button>
        </>
      }
    >
      <Field id={id} label="Note to the customer" error={error}>
        <TextArea
          {...describedBy(id, error)}
          data-autofocus
          rows={4}
          maxLength={MAX_CUSTOMER_NOTES_LENGTH}
          value={notes}
          onChange={(event) => {
            setNotes(event.target.value);
            setError(null);
          }}
        />
      </Field>
    </Dialog>
  );
}
