"use client";

import { ScanLine } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { CameraScanButton } from "@/components/scanning/camera-scan-button";
import { REPLY_TONES, type ScanReply } from "@/components/scanning/scan-reply";
import { Button } from "@/components/ui/button";

export type ScanFeedback = Pick<ScanReply, "tone" | "text">;

/** Whether a key press belongs to the control it happened in (typing a number, choosing an option). */
function typedIntoControl(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest("input, textarea, select, dialog[open]") !== null)
  );
}

/**
 * The dock's scan field: large, focused on arrival, and where a scanner's keystrokes land even when a button
 * has focus (after a tap on +/-), since a scanner types wherever focus is and its Enter would press that
 * button. Feedback is text in a live region and a colour, never a sound.
 */
export function ScanPanel({
  feedback,
  armed,
  onScan,
  onDisarm,
  captureKeys,
}: {
  feedback: ScanFeedback | null;
  /** A carton quantity typed alone (`12*`), waiting for the next scan. */
  armed: number | null;
  /** What a scan did; the same for the field (a hardware scanner's keys) and the camera. */
  onScan: (text: string) => ScanFeedback | undefined;
  onDisarm: () => void;
  /** Off while a dialog is open: its keys are its own. */
  captureKeys: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");

  useEffect(() => {
    input.current?.focus();
  }, []);

  useEffect(() => {
    if (!captureKeys) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Space stays with buttons (it presses them); printable characters elsewhere go to the scan field.
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length !== 1 || event.key === " " || typedIntoControl(event.target)) return;
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      // Rendered before focus moves: the scanner's next key lands in the field and must find this one there.
      flushSync(() => setValue((current) => current + event.key));
      input.current?.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [captureKeys]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onScan(value);
    setValue("");
    input.current?.focus();
  };

  return (
    // On a short window (a landscape tablet) the panel is compact: the instruction and the carton help are read
    // to screen readers but not drawn, the field is lower, so the line being counted stays in view under it.
    <div className="sticky top-2 z-10 -mx-1 rounded-lg border border-slate-200 bg-white/95 p-4 shadow-sm backdrop-blur sm:top-14 short:p-2.5">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3 short:gap-2">
        <div className="min-w-0 flex-1 basis-72">
          <label htmlFor="scan-field" className="block text-sm font-semibold text-slate-900 short:sr-only">
            Scan a barcode, or type a UPC or SKU and press Enter
          </label>
          <div className="relative mt-1.5 short:mt-0">
            <ScanLine
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-6 -translate-y-1/2 text-slate-400"
            />
            <input
              ref={input}
              id="scan-field"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-describedby="scan-help"
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="enter"
              className="block h-14 w-full rounded-md border-0 bg-white pr-3 pl-12 font-mono text-xl short:h-11 short:text-lg text-slate-900 shadow-sm ring-2 ring-inset ring-slate-300 placeholder:text-slate-400 focus:outline-hidden focus:ring-indigo-600"
              placeholder="UPC or SKU"
            />
          </div>
        </div>
        <div className="flex gap-3 short:gap-2">
          <Button type="submit" variant="primary" className="h-14 px-6 text-base short:h-11">
            Add
          </Button>
          <CameraScanButton
            onCode={onScan}
            countsUnits
            title="Scan with the camera"
            description="Each code read counts one unit, as a scanner would. Hold the next unit's code in the frame."
            className="h-14 px-4 text-base short:h-11"
          />
        </div>
      </form>
      <p id="scan-help" className="mt-2 text-sm text-slate-600 short:sr-only">
        Each scan adds one received unit. <strong className="font-medium text-slate-800">Cartons:</strong>{" "}
        type the number of units and{" "}
        <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">*</kbd> (or{" "}
        <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">x</kbd>) before scanning,
        e.g. <span className="font-mono">12*</span> then scan.
      </p>
      <p aria-hidden="true" className="mt-1 hidden text-xs text-slate-600 short:block">
        Carton: units, <kbd className="font-mono">*</kbd>, then scan (<span className="font-mono">12*</span>).
      </p>
      {armed !== null ? (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-indigo-600 px-2.5 py-0.5 font-medium text-white">
            Next scan counts {armed.toLocaleString("en-US")} units
          </span>
          <Button size="sm" variant="ghost" onClick={onDisarm}>
            Cancel carton
          </Button>
        </div>
      ) : null}
      {/* Always in the page, so each new message is announced; the colour repeats what the words say. */}
      <p
        role="status"
        aria-live="polite"
        aria-label="Last scan"
        className={`mt-3 min-h-11 rounded-md border px-3 py-2.5 text-base font-medium short:mt-2 short:min-h-0 short:py-1.5 short:text-sm ${REPLY_TONES[feedback?.tone ?? "info"]}`}
      >
        {feedback?.text ?? "Ready to scan."}
      </p>
    </div>
  );
}
