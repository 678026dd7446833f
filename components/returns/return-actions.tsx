"use client";

import { Check, Flag, FlagOff, PackageCheck, Truck, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useCan } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { describedBy, Field, TextArea } from "@/components/ui/field";
import { type ReturnAction, useReturnAction } from "@/lib/client/hooks/return-lifecycle";
import { returnMoves } from "@/lib/enums";
import { MAX_CUSTOMER_NOTES_LENGTH } from "@/lib/schemas/limits";
import type { Order } from "@/lib/schemas/orders";
import type { Return } from "@/lib/schemas/returns";
import { ProcessPanel } from "./process-panel";
import { FLAGGED_TAG } from "./return-badges";

/** A return is green when it has items and the customer keeps every one: it may be processed while open. */
function isGreen(ret: Return): boolean {
  return ret.items.length > 0 && ret.items.every((item) => item.greenReturn === true);
}

/**
 * The lifecycle's next steps for the return's status, from the same table the API checks
 * (`returnMoves` in lib/enums.ts), and the flag. Editors and admins only: a viewer sees none. Rejecting
 * and processing cannot be undone, so each opens a dialog that says so before anything is sent.
 */
export function ReturnActions({ storeId, ret, order }: { storeId: string; ret: Return; order: Order }) {
  const canEdit = useCan("write");
  const action = useReturnAction(storeId, ret.id);
  const [open, setOpen] = useState<null | "reject" | "process">(null);
  const group = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  // A step's button goes away once taken: focus moves to the next step (or the group), not to <body>.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the status or flag changes.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    // Still on a button of the group (Flag became Unflag): leave it there.
    if (group.current?.contains(document.activeElement)) return;
    // The Flag button is always there, so some button always takes it.
    group.current?.querySelector<HTMLElement>("button")?.focus();
  }, [ret.status, ret.tags]);

  if (!canEdit) return null;
  const moves = returnMoves(ret.status, isGreen(ret));
  const flagged = ret.tags.some((tag) => tag.name === FLAGGED_TAG);
  const run = (next: ReturnAction, after?: () => void) =>
    action.mutate(next, {
      onSuccess: () => {
        moved.current = true;
        after?.();
      },
    });
  const busy = (kind: ReturnAction["kind"]) => action.isPending && action.variables?.kind === kind;

  return (
    <div ref={group} className="flex flex-wrap gap-2">
      {moves.map((move) => {
        if (move.via === "approve") {
          return (
            <Button
              key="approve"
              variant="primary"
              pending={busy("approve")}
              onClick={() => run({ kind: "approve" })}
            >
              <Check className="size-4" aria-hidden="true" />
              Approve
            </Button>
          );
        }
        if (move.via === "process") {
          return (
            <Button
              key="process"
              variant="primary"
              onClick={() => {
                action.reset(); // the panel opens without the last attempt's error
                setOpen("process");
              }}
            >
              <PackageCheck className="size-4" aria-hidden="true" />
              Process items…
            </Button>
          );
        }
        if (move.to === "cancelled") {
          return (
            <Button key="reject" onClick={() => setOpen("reject")} className="text-red-700">
              <X className="size-4" aria-hidden="true" />
              Reject…
            </Button>
          );
        }
        const kind = move.to === "transit" ? "transit" : "delivered";
        return (
          <Button key={kind} variant="primary" pending={busy(kind)} onClick={() => run({ kind })}>
            <Truck className="size-4" aria-hidden="true" />
            {kind === "transit" ? "Mark in transit" : "Mark delivered"}
          </Button>
        );
      })}
      <Button
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
      <RejectDialog
        open={open === "reject"}
        pending={busy("reject")}
        onClose={() => setOpen(null)}
        onReject={(customerNotes) => run({ kind: "reject", customerNotes }, () => setOpen(null))}
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

/** Rejecting a return in review: the note to the customer is required, and the step is final. */
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
      description="The return is cancelled and the customer gets your note. This cannot be undone."
      footer={
        <>
          <Button onClick={onClose}>Keep in review</Button>
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
