"use client";

import { BadgeCheck, Send, Trash2, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { Dialog, FormDialogFooter } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/api-client";
import { formatMoney, formatNumber } from "@/lib/client/format";
import { type ClaimAction, useSupplierClaimAction } from "@/lib/client/hooks/suppliers";
import { toast } from "@/lib/client/toast";
import type { SupplierClaim } from "@/lib/schemas/suppliers";

type Step = ClaimAction["kind"];

const TITLES: Record<Step, string> = {
  send: "Mark this claim sent?",
  credit: "Mark this claim credited",
  reject: "Mark this claim rejected",
  discard: "Discard this draft?",
};
const DONE: Record<Step, string> = {
  send: "Claim sent",
  credit: "Claim credited",
  reject: "Claim rejected",
  discard: "Draft discarded",
};
const SUBMIT: Record<Step, string> = {
  send: "Mark sent",
  credit: "Mark credited",
  reject: "Mark rejected",
  discard: "Discard draft",
};

/**
 * The claim page's next steps for those who may write: Send a draft (after downloading its PDF and CSV to
 * attach), then Credited (with the amount recovered) or Rejected (with the supplier's reason); or Discard a
 * draft that will not be sent (confirmed in the dialog, with an optional reason).
 */
export function ClaimActions({ claim }: { claim: SupplierClaim }) {
  const store = useCurrentStore();
  const canWrite = useCan("write");
  const action = useSupplierClaimAction(store.id, claim.id);
  const [step, setStep] = useState<Step | null>(null);
  const formId = useId();
  if (!canWrite) return null;
  const close = () => {
    setStep(null);
    action.reset();
  };
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!step) return;
    const data = new FormData(event.currentTarget);
    const note = String(data.get("note") ?? "").trim() || undefined;
    const request: ClaimAction =
      step === "credit"
        ? { kind: "credit", creditedAmount: String(data.get("amount") ?? "").trim(), note }
        : step === "reject"
          ? { kind: "reject", note: note ?? "" }
          : step === "discard"
            ? { kind: "discard", note }
            : { kind: "send", note };
    action.mutate(request, {
      onSuccess: (updated) => {
        setStep(null);
        toast.success(DONE[step], {
          description:
            updated.status === "CREDITED" && updated.credited
              ? `${formatMoney(updated.credited)} recovered of ${formatMoney(updated.total)}.`
              : undefined,
        });
      },
    });
  };
  return (
    <>
      {claim.status === "DRAFT" ? (
        <Button variant="primary" onClick={() => setStep("send")}>
          <Send aria-hidden="true" className="size-4" />
          Mark sent
        </Button>
      ) : null}
      {claim.status === "DRAFT" ? (
        <Button onClick={() => setStep("discard")}>
          <Trash2 aria-hidden="true" className="size-4" />
          Discard draft
        </Button>
      ) : null}
      {claim.status === "SENT" ? (
        <>
          <Button variant="primary" onClick={() => setStep("credit")}>
            <BadgeCheck aria-hidden="true" className="size-4" />
            Mark credited
          </Button>
          <Button onClick={() => setStep("reject")}>
            <XCircle aria-hidden="true" className="size-4" />
            Mark rejected
          </Button>
        </>
      ) : null}
      <Dialog
        open={step !== null}
        onClose={close}
        title={step ? TITLES[step] : ""}
        description={
          step === "send"
            ? `Its ${claim.line_count} lines are then fixed; units claimed later start a new draft. Attach the PDF and CSV when you e-mail ${claim.supplier.email}.`
            : step === "credit"
              ? `Claimed: ${formatMoney(claim.total)}. Enter what ${claim.supplier.name} credited.`
              : step === "reject"
                ? `Say why ${claim.supplier.name} refused the claim.`
                : step === "discard"
                  ? `It will not be sent to ${claim.supplier.name}. Its ${formatNumber(claim.unit_count)} ${claim.unit_count === 1 ? "unit is" : "units are"} no longer claimed (kept as waived, for the books), and this cannot be undone. Units claimed later start a new draft.`
                  : undefined
        }
        footer={
          <FormDialogFooter formId={formId} pending={action.isPending} onCancel={close}>
            {step ? SUBMIT[step] : ""}
          </FormDialogFooter>
        }
      >
        <form id={formId} onSubmit={submit} className="space-y-3" noValidate>
          {step === "credit" ? (
            <TextField
              id={`${formId}-amount`}
              name="amount"
              label={`Amount credited (${claim.total.currency})`}
              inputMode="decimal"
              defaultValue={claim.total.amount}
              required
            />
          ) : null}
          <TextField
            id={`${formId}-note`}
            name="note"
            label={step === "reject" ? "Reason" : step === "discard" ? "Why (optional)" : "Note (optional)"}
            required={step === "reject"}
          />
          {action.error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {errorMessage(action.error)}
            </p>
          ) : null}
        </form>
      </Dialog>
    </>
  );
}
