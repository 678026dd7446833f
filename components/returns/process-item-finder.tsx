"use client";

import { type FormEvent, useId, useState } from "react";
import { CameraScanButton } from "@/components/scanning/camera-scan-button";
import { buildCodeIndex } from "@/components/scanning/code-index";
import { REPLY_TONES, type ScanReply } from "@/components/scanning/scan-reply";
import { Button } from "@/components/ui/button";
import type { ReturnItem } from "@/lib/schemas/returns";

const MATCHED_BY = { label: "label", upc: "UPC", identifier: "identifier", sku: "SKU" } as const;

/**
 * Finding the item in hand among a return's items, in the process panel: scan its barcode (a hardware scanner
 * types it here; the camera reads it) or type its UPC, SKU or identifier. The item found is marked and
 * scrolled to; what to do with it is still chosen on its fields.
 */
export function ProcessItemFinder({
  items,
  nameOf,
  onFound,
}: {
  /** The return's unprocessed items. */
  items: readonly ReturnItem[];
  nameOf: (itemId: string) => string;
  onFound: (itemId: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState("");
  const [reply, setReply] = useState<ScanReply | null>(null);

  const find = (code: string): ScanReply | undefined => {
    const text = code.trim();
    if (text === "") return undefined;
    // The same matching as Receive mode's: UPC (any GTIN length), then identifier, then SKU.
    const match = buildCodeIndex(
      items.map((item) => ({
        id: item.id,
        sku: item.sku ?? null,
        upc: item.upc,
        // The plate Backroom printed for the item (docs/labels.md) and the merchant's own reference.
        identifiers: [item.licensePlate, item.externalIdentifier],
      })),
    ).find(text);
    const said: ScanReply = match
      ? {
          tone: "success",
          text: `Found ${nameOf(match.itemId)} (by ${MATCHED_BY[match.by]} ${text}): its choices are marked below.`,
          done: true,
        }
      : { tone: "warning", text: `No unprocessed item of this return has the code ${text}.` };
    setReply(said);
    if (match) onFound(match.itemId);
    return said;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    find(value);
    setValue("");
  };

  return (
    <div className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-52">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            Find the item in hand: scan or type its barcode, SKU or identifier
          </label>
          <input
            id={id}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            className="mt-1 block h-9 w-full rounded-md border-0 bg-white px-3 font-mono text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:outline-hidden focus:ring-2 focus:ring-indigo-600"
          />
        </div>
        <Button type="submit">Find</Button>
        <CameraScanButton
          onCode={find}
          title="Find the item with the camera"
          description="Point the camera at the item's barcode or label."
        />
      </form>
      {/* Always in the page, so each new message is announced. */}
      <p
        role="status"
        className={reply ? `mt-2 rounded-md border px-3 py-2 text-sm ${REPLY_TONES[reply.tone]}` : "sr-only"}
      >
        {reply?.text}
      </p>
    </div>
  );
}
