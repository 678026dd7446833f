"use client";

import { Copy, Info } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useStoreTimeZone } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import { LazyToaster } from "@/components/ui/toaster";
import { formatDateTime } from "@/lib/client/format";
import { toast } from "@/lib/client/toast";

// Toasts while the dialog is open go to a toaster inside it (the modal makes the page's own one inert).
const LINK_TOASTER = "set-password-link";

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success("Link copied", { toasterId: LINK_TOASTER });
  } catch {
    toast.error("Could not copy", {
      toasterId: LINK_TOASTER,
      description: "Select the link and copy it by hand.",
    });
  }
}

/** A one-time set-password link, shown once: a field to copy and what to do with it. */
export function LinkReveal({
  name,
  link,
}: {
  name: string;
  link: { url: string; expiresAt: string; emailedTo?: string | null };
}) {
  const timeZone = useStoreTimeZone();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <div className="space-y-4">
      <div
        role="note"
        className="flex gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200"
      >
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {link.emailedTo ? (
          <p>
            We e-mailed this link to <strong className="font-semibold">{link.emailedTo}</strong>. If it does
            not arrive, give it to {name} yourself. It works once, until{" "}
            {formatDateTime(link.expiresAt, timeZone)}, and is not shown again; you can make a new one from
            the team list.
          </p>
        ) : (
          <p>
            This server sends no e-mail: give this link to <strong className="font-semibold">{name}</strong>{" "}
            yourself (in person or by a channel you trust). It works once, until{" "}
            {formatDateTime(link.expiresAt, timeZone)}, and is not shown again; you can make a new one from
            the team list.
          </p>
        )}
      </div>
      <div>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          Set-password link
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={fieldId}
            ref={field}
            readOnly
            value={link.url}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className={`${controlClasses} h-9 font-mono text-xs`}
          />
          <Button onClick={() => void copy(link.url)}>
            <Copy className="size-4" aria-hidden="true" />
            Copy
          </Button>
        </div>
      </div>
      <LazyToaster id={LINK_TOASTER} position="bottom-center" />
    </div>
  );
}
