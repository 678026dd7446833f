"use client";

import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "./button";

/** What a dialog component takes from the page that opens it. */
export type DialogControl = { open: boolean; onClose: () => void };

/**
 * A modal on the native <dialog> element: the browser traps focus and closes on Escape. Focus goes back to
 * the control that opened it, also when the page unmounts the dialog instead of closing it (the browser
 * restores focus only on close(), and only while focus is still inside; React removes the content first).
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: "md" | "lg";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      dialog.showModal();
      // React's autoFocus runs before this effect, while the dialog is closed and nothing in it can take
      // focus; showModal then focuses the first focusable element (Close). A control that should get focus
      // on opening is marked data-autofocus instead.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      restoreFocus(opener, dialog);
    }
  }, [open]);

  // Unmounted while open (the page renders the dialog only while it is open): the same return of focus.
  useEffect(() => {
    const dialog = ref.current;
    return () => restoreFocus(opener, dialog);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${size === "lg" ? "max-w-2xl" : "max-w-md"} rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40`}
    >
      {open ? (
        <div className="flex max-h-[85vh] flex-col">
          <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <h2 id={titleId} className="text-base font-semibold">
                {title}
              </h2>
              {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">Close</span>
            </button>
          </header>
          {children ? <div className="overflow-y-auto px-5 py-4">{children}</div> : null}
          {footer ? (
            <footer className="flex justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3">
              {footer}
            </footer>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * Focuses the opener again when focus was left nowhere (on <body>) or inside the closing dialog. An
 * opener no longer on the page (a step button gone with the step taken) is left to the page.
 */
function restoreFocus(opener: { current: HTMLElement | null }, dialog: HTMLDialogElement | null) {
  const target = opener.current;
  opener.current = null;
  if (!target?.isConnected) return;
  const active = document.activeElement;
  if (active === null || active === document.body || (dialog?.contains(active) ?? false)) target.focus();
}

/**
 * The footer of a dialog that holds a form: Cancel, and the form's submit button (outside the form, tied
 * to it by `formId`). `holdCancel`: a request under way cannot be abandoned (its result would be lost).
 */
export function FormDialogFooter({
  formId,
  pending,
  onCancel,
  holdCancel = false,
  children,
}: {
  formId: string;
  pending: boolean;
  onCancel: () => void;
  holdCancel?: boolean;
  /** The submit button's label. */
  children: ReactNode;
}) {
  return (
    <>
      <Button onClick={onCancel} disabled={holdCancel && pending}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant="primary" pending={pending}>
        {children}
      </Button>
    </>
  );
}

/**
 * A dialog that creates something and then shows what only that one response holds (a new secret, a
 * set-password link): the response, and a close that forgets it. A request under way cannot be
 * abandoned: what it creates would exist with nobody having seen it.
 */
export function useOneTimeResult<T>(
  mutation: { isPending: boolean; reset: () => void },
  onClose: () => void,
) {
  const [result, setResult] = useState<T | null>(null);
  const close = () => {
    if (mutation.isPending) return;
    setResult(null);
    mutation.reset();
    onClose();
  };
  return { result, setResult, close };
}
