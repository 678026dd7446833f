"use client";

import { AlertTriangle, Copy } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import { LazyToaster } from "@/components/ui/toaster";
import { API_BASE } from "@/lib/client/api-client";
import { toast } from "@/lib/client/toast";

// Toasts shown while the dialog is open go to a toaster inside it: the modal makes the page's own toaster
// inert and hides it under the backdrop.
const REVEAL_TOASTER = "api-secret-reveal";

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success("Copied", { toasterId: REVEAL_TOASTER });
  } catch {
    toast.error("Could not copy", {
      toasterId: REVEAL_TOASTER,
      description: "Select the text and copy it by hand.",
    });
  }
}

/** The new secret, once: a read-only field to copy, the warning, and a request to try it with. */
export function SecretReveal({ storeId, secret }: { storeId: string; secret: string }) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  // The name form that had focus is gone: focus (and select) the secret, which is what comes next.
  useEffect(() => field.current?.focus(), []);
  const example = [
    `curl -H "Authorization: Bearer ${secret}" \\`,
    `  "${window.location.origin}${API_BASE}/stores/${storeId}/inbound-shipments"`,
  ].join("\n");

  return (
    <div className="space-y-5">
      <div
        role="note"
        className="flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          <strong className="font-semibold">Copy it now: it will not be shown again.</strong> Backroom keeps
          only a hash of it. If it is lost, revoke it and create another.
        </p>
      </div>

      <div>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          Secret
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={fieldId}
            readOnly
            value={secret}
            ref={field}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className={`${controlClasses} h-9 min-w-0 flex-1 bg-slate-50 font-mono`}
          />
          <Button onClick={() => void copy(secret)}>
            <Copy className="size-4" aria-hidden="true" />
            Copy
          </Button>
        </div>
      </div>

      <div>
        <div className="flex items-center justify-between gap-2">
          <div>
            <h3 className="text-sm font-medium text-slate-800">Try it</h3>
            <p className="mt-0.5 text-sm text-slate-600">A request for this store's inbound shipments:</p>
          </div>
          <Button size="sm" variant="ghost" onClick={() => void copy(example)}>
            <Copy className="size-3.5" aria-hidden="true" />
            Copy command
          </Button>
        </div>
        {/* Wrapped rather than scrolled, so it reads without a keyboard-unreachable scroll area. */}
        <pre className="mt-2 whitespace-pre-wrap rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100 [overflow-wrap:anywhere]">
          <code>{example}</code>
        </pre>
      </div>

      {/* Like the page's toaster (components/app/providers.tsx): default colours, for contrast. */}
      <LazyToaster id={REVEAL_TOASTER} position="bottom-right" closeButton />
    </div>
  );
}
