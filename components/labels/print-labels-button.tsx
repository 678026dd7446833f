"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Printer } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { roleAllows, useCurrentStore } from "@/components/app/staff-context";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { Dialog, FormDialogFooter } from "@/components/ui/dialog";
import { FormError, SelectField } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/api-client";
import type { LabelFile } from "@/lib/client/hooks/labels";
import { queryKeys } from "@/lib/client/query-keys";
import { toast } from "@/lib/client/toast";
import type { LabelFormat, LabelSize, LabelSubjectType } from "@/lib/enums/labels";
import { LabelPrintList } from "./label-print-list";

export type LabelChoice = { format: LabelFormat; size: LabelSize };

const SIZES: { value: LabelSize; label: string; thermal: boolean }[] = [
  { value: "4x6", label: "4 × 6 in label", thermal: true },
  { value: "2x1", label: "2 × 1 in label", thermal: true },
  { value: "letter", label: "Letter sheet (30 labels, Avery 5160)", thermal: false },
  { value: "a4", label: "A4 sheet (21 labels, Avery L7160)", thermal: false },
];

/** The dock prints on one printer: the last choice is kept on the device. */
const CHOICE_KEY = "backroom.labels.choice";
function savedChoice(): LabelChoice {
  try {
    const saved = JSON.parse(window.localStorage.getItem(CHOICE_KEY) ?? "null") as LabelChoice | null;
    if (
      saved &&
      (saved.format === "pdf" || saved.format === "zpl") &&
      SIZES.some((s) => s.value === saved.size)
    )
      return saved;
  } catch {
    // Storage refused or unreadable: the default below.
  }
  return { format: "pdf", size: "4x6" };
}

/** Opens a PDF in the tab opened on click (a tab opened after the request would be blocked), or downloads the file. */
function deliver(file: LabelFile, tab: Window | null) {
  const url = URL.createObjectURL(file.blob);
  if (tab) {
    tab.location.href = url;
  } else {
    const link = document.createElement("a");
    link.href = url;
    link.download = file.filename;
    link.click();
  }
  // The tab or download has the file once it has loaded it; the URL is kept a minute for a slow tab.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The one "Print labels" control (docs/labels.md): a button that opens a dialog to choose the format (PDF for
 * any printer, ZPL for a Zebra) and the stock, plus what the page adds (`children`: which items, cartons),
 * then prints through `print`: a PDF opens in a new tab, ZPL downloads for the printer. The dialog lists
 * the object's latest prints. Hidden from viewers: printing records a print (editors and admins).
 */
export function PrintLabelsButton({
  subject,
  title,
  buttonLabel = "Print labels",
  description,
  print,
  refresh = [],
  children,
  size = "md",
  variant = "secondary",
  accessibleSuffix,
}: {
  subject: { type: LabelSubjectType; id: string };
  title: string;
  buttonLabel?: string;
  description?: ReactNode;
  print: (choice: LabelChoice) => Promise<LabelFile>;
  /**
   * Queries that show the print besides those reading the object's prints (this dialog's list, a shipment's
   * timeline, an item's history, which refresh with it): a return's timeline and plates.
   */
  refresh?: readonly (readonly unknown[])[];
  children?: ReactNode;
  size?: ButtonSize;
  variant?: ButtonVariant;
  /** Read after the button's words by screen readers, where a list has one button per row. */
  accessibleSuffix?: string;
}) {
  const store = useCurrentStore();
  const [open, setOpen] = useState(false);
  if (!roleAllows(store.role, "write")) return null;
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpen(true)}>
        <Printer className="size-4" aria-hidden="true" />
        {buttonLabel}
        {accessibleSuffix ? <span className="sr-only">{accessibleSuffix}</span> : null}
      </Button>
      {open ? (
        <PrintLabelsDialog
          storeId={store.id}
          subject={subject}
          title={title}
          description={description}
          print={print}
          refresh={refresh}
          onClose={() => setOpen(false)}
        >
          {children}
        </PrintLabelsDialog>
      ) : null}
    </>
  );
}

function PrintLabelsDialog({
  storeId,
  subject,
  title,
  description,
  print,
  refresh,
  onClose,
  children,
}: {
  storeId: string;
  subject: { type: LabelSubjectType; id: string };
  title: string;
  description?: ReactNode;
  print: (choice: LabelChoice) => Promise<LabelFile>;
  refresh: readonly (readonly unknown[])[];
  onClose: () => void;
  children?: ReactNode;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<LabelChoice>(savedChoice);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = (next: LabelChoice) => {
    // ZPL prints on a roll: a sheet chosen before becomes the 4x6 label.
    const size =
      next.format === "zpl" && !SIZES.find((s) => s.value === next.size)?.thermal ? "4x6" : next.size;
    setChoice({ format: next.format, size });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const tab = choice.format === "pdf" ? window.open("", "_blank") : null;
    try {
      const file = await print(choice);
      deliver(file, tab);
      window.localStorage.setItem(CHOICE_KEY, JSON.stringify(choice));
      toast.success(
        `${file.count === 1 ? "1 label" : `${file.count} labels`} ${choice.format === "pdf" ? "opened as a PDF" : "downloaded as ZPL"}.`,
      );
      await Promise.all(
        [queryKeys.labelPrints(storeId, subject.type, subject.id), ...refresh].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      onClose();
    } catch (failure) {
      tab?.close();
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <FormDialogFooter formId={formId} pending={pending} onCancel={onClose}>
          Print
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Printer</legend>
          <div className="mt-1 grid grid-cols-2 gap-2">
            {(
              [
                ["pdf", "PDF (any printer)"],
                ["zpl", "ZPL (Zebra)"],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className={`flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm ring-1 ring-inset ${choice.format === value ? "bg-indigo-50 text-indigo-900 ring-indigo-600" : "text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
              >
                <input
                  type="radio"
                  name="format"
                  value={value}
                  checked={choice.format === value}
                  onChange={() => choose({ ...choice, format: value })}
                  className="accent-indigo-600"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <SelectField
          id={`${formId}-size`}
          label="Label size"
          hint={choice.format === "zpl" ? "ZPL prints on thermal rolls: 4 × 6 or 2 × 1 in." : undefined}
          value={choice.size}
          onChange={(event) => choose({ ...choice, size: event.target.value as LabelSize })}
        >
          {SIZES.map((option) => (
            <option
              key={option.value}
              value={option.value}
              disabled={choice.format === "zpl" && !option.thermal}
            >
              {option.label}
            </option>
          ))}
        </SelectField>
        {children}
        <FormError message={error} />
        <section aria-label="Printed before">
          <h3 className="text-sm font-medium text-slate-800">Printed before</h3>
          <LabelPrintList storeId={storeId} subject={subject} limit={3} />
        </section>
      </form>
    </Dialog>
  );
}
