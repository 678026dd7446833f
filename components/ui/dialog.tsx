"use client";

import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "./button";

/** What a dialog component takes from the page that opens it. */
export type DialogControl = { open: boolean; onClose: () => void };

/**
 * A modal on the native <dialog> element: the browser traps focus, closes on Escape and restores focus to
 * the opener, so keyboard users get all of that without a library.
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

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs before this effect, while the dialog is closed and nothing in it can take
      // focus; showModal then focuses the first focusable element (Close). A control that should get focus
      // on opening is marked data-autofocus instead.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

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
