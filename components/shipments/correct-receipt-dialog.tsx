"use client";

import { useState } from "react";
import { useStaff } from "@/components/app/staff-context";
import { newIdempotencyKey } from "@/components/shipments/receive/pending-receipt";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { describedBy, Field, FieldError, Select, TextArea, TextInput } from "@/components/ui/field";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { humanize } from "@/lib/client/format";
import { useCreateInboundReceipt } from "@/lib/client/hooks/receipts";
import { toast } from "@/lib/client/toast";
import { RECEIPT_DISCREPANCY_REASONS, type ReceiptDiscrepancyReason } from "@/lib/enums";
import type { Receipt } from "@/lib/schemas/inbound-receipts";
import { SerialsToTakeBack } from "./correct-receipt-serials";
import {
  buildCorrection,
  CORRECTION_KINDS,
  type CorrectionDraft,
  type CorrectionProblems,
  draftFromReceipt,
  wholeUnits,
} from "./receipt-correction";
import { heldSerials } from "./receipt-serials";

const KIND_LABEL = { received: "Received", damaged: "Damaged", missing: "Missing" } as const;

/**
 * "Correct this receipt": each line's counts as they should have been, and why. What is sent is a correcting
 * receipt with the differences (receipt-correction.ts); the receipt itself stays as it was.
 */
export function CorrectReceiptDialog({
  storeId,
  receipt,
  takenBack,
  open,
  onClose,
  onCorrected,
}: {
  storeId: string;
  receipt: Receipt;
  /** The serials earlier corrections of this receipt took back: no longer offered. */
  takenBack: ReadonlySet<string>;
  open: boolean;
  onClose: () => void;
  onCorrected: (correctionId: string) => void;
}) {
  const [draft, setDraft] = useState<CorrectionDraft>(() => draftFromReceipt(receipt));
  const [problems, setProblems] = useState<CorrectionProblems>({ lines: {} });
  const [serverError, setServerError] = useState<string | null>(null);
  // One key per correction being written: a retry after a lost answer replays instead of correcting twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey());
  const create = useCreateInboundReceipt(storeId, receipt.inbound_shipment_id);
  const base = `correct-${receipt.id}`;

  // An edit clears the messages: they were about the values before it.
  const setLine = (lineId: string, change: Partial<CorrectionDraft["lines"][string]>) => {
    setProblems({ lines: {} });
    setDraft((current) => {
      const line = current.lines[lineId];
      return line ? { ...current, lines: { ...current.lines, [lineId]: { ...line, ...change } } } : current;
    });
  };

  const { user } = useStaff();
  const submit = () => {
    setServerError(null);
    const built = buildCorrection(receipt, draft, takenBack);
    if ("problems" in built) {
      setProblems(built.problems);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`#${base}-form [aria-invalid="true"]`)?.focus(),
      );
      return;
    }
    setProblems({ lines: {} });
    create.mutate(
      {
        receipt: built.body,
        idempotencyKey,
        summary: `Correction of receipt ${receipt.id}`,
        queuedBy: { id: user.id, name: user.name },
      },
      {
        onSuccess: (outcome) => {
          if (outcome.queued) {
            toast.success(`Correction of receipt ${receipt.id} kept on this device`, {
              description: "It is sent when the network returns (see “waiting to send” at the top).",
            });
            onClose();
            return;
          }
          const correction = outcome.receipt;
          toast.success(`Receipt ${receipt.id} corrected`, { description: `Correction ${correction.id}.` });
          onCorrected(correction.id);
        },
        onError: (error) => {
          // A refusal wrote nothing and its answer is stored under the key: the next attempt needs its own.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            setIdempotencyKey(newIdempotencyKey());
          }
          const details = error instanceof ApiError ? error.errors.map((issue) => issue.message) : [];
          setServerError([errorMessage(error), ...details].join(" "));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={`Correct receipt ${receipt.id}`}
      description="Type what each line should have been. The receipt stays as it was; a correcting receipt records the difference, and stock follows it."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} pending={create.isPending}>
            Record correction
          </Button>
        </>
      }
    >
      <div id={`${base}-form`} className="space-y-4">
        {serverError || problems.unchanged ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {serverError ?? problems.unchanged}
          </p>
        ) : null}
        {receipt.lines.map((line) => {
          const typed = draft.lines[line.id];
          if (!typed) return null;
          const found = problems.lines[line.id] ?? {};
          const held = heldSerials(line, takenBack);
          const unitsTaken = Math.max(0, line.received - (wholeUnits(typed.received) ?? line.received));
          return (
            <fieldset key={line.id} className="rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-900">
                {line.title} <span className="font-mono text-xs text-slate-600">{line.sku ?? "No SKU"}</span>
              </legend>
              <div className="grid grid-cols-3 gap-3">
                {CORRECTION_KINDS.map((kind) => {
                  const id = `${base}-${line.id}-${kind}`;
                  return (
                    <Field
                      key={kind}
                      id={id}
                      label={`${KIND_LABEL[kind]} (was ${line[kind]})`}
                      error={found[kind]}
                    >
                      <TextInput
                        {...describedBy(id, found[kind])}
                        inputMode="numeric"
                        value={typed[kind]}
                        onChange={(event) => setLine(line.id, { [kind]: event.target.value })}
                      />
                    </Field>
                  );
                })}
              </div>
              {(["damaged", "missing"] as const).map((kind) => {
                const added = Number(typed[kind]) > line[kind];
                if (!added) return null;
                const id = `${base}-${line.id}-${kind}-reason`;
                const error = found[`${kind}_reason`];
                return (
                  <div key={kind} className="mt-3">
                    <label htmlFor={id} className="block text-sm text-slate-700">
                      Why {kind}
                      <span className="sr-only"> ({line.title})</span>
                    </label>
                    <Select
                      {...describedBy(id, error)}
                      value={typed[`${kind}_reason`] ?? ""}
                      onChange={(event) =>
                        setLine(line.id, {
                          [`${kind}_reason`]: (event.target.value || null) as ReceiptDiscrepancyReason | null,
                        })
                      }
                    >
                      <option value="">Choose a reason</option>
                      {RECEIPT_DISCREPANCY_REASONS.filter((reason) => reason !== "other").map((reason) => (
                        <option key={reason} value={reason}>
                          {humanize(reason)}
                        </option>
                      ))}
                    </Select>
                    <FieldError id={id} error={error} />
                  </div>
                );
              })}
              {held.length > 0 && unitsTaken > 0 ? (
                <SerialsToTakeBack
                  id={`${base}-${line.id}-serials`}
                  title={line.title}
                  held={held}
                  picked={typed.serials}
                  unitsTaken={unitsTaken}
                  error={found.serials}
                  onChange={(serials) => setLine(line.id, { serials })}
                />
              ) : null}
            </fieldset>
          );
        })}
        <Field id={`${base}-note`} label="What was wrong" error={problems.note}>
          <TextArea
            {...describedBy(`${base}-note`, problems.note)}
            rows={2}
            maxLength={2000}
            value={draft.note}
            onChange={(event) => {
              setProblems({ lines: {} });
              setDraft((current) => ({ ...current, note: event.target.value }));
            }}
          />
        </Field>
      </div>
    </Dialog>
  );
}
