"use client";

import { ScanLine } from "lucide-react";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { CameraScanButton } from "@/components/scanning/camera-scan-button";
import { buildCodeIndex } from "@/components/scanning/code-index";
import { REPLY_TONES, type ScanReply } from "@/components/scanning/scan-reply";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { controlClasses, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { formatNumber } from "@/lib/client/format";
import { useLocationBins } from "@/lib/client/hooks/bins";
import { useRecordCycleCounts } from "@/lib/client/hooks/cycle-counts";
import { toast } from "@/lib/client/toast";
import type { CycleCountDetail } from "@/lib/schemas/cycle-counts";

type Place = { binId: string | null; code: string };

/**
 * The counting screen, made for a phone at the shelf: scan a bin label (the place starts: its snapshot is
 * taken), then each item (one unit a scan, or the quantity typed). A hardware scanner types the code and Enter
 * into the scan field; the camera hands its codes to the same handler. Items match through the shared code
 * index (label, UPC, SKU), bins by their code in any case; in a count of bins, any other item of the store
 * scanned in a bin is counted there as a stray.
 */
export function CountingPanel({ storeId, detail }: { storeId: string; detail: CycleCountDetail }) {
  const count = detail.cycle_count;
  const record = useRecordCycleCounts(storeId, count.id);
  const bins = useLocationBins(storeId, count.location_id);
  const binScoped = count.scope.type === "bins" || count.scope.type === "zone";
  const countBins = useMemo(() => {
    const all = (bins.data ?? []).filter((bin) => !bin.archived);
    return binScoped ? all.filter((bin) => count.scope.bin_ids?.includes(bin.id)) : all;
  }, [bins.data, binScoped, count.scope.bin_ids]);
  const items = useMemo(() => {
    const byId = new Map(detail.lines.map((line) => [line.inventory_item.id, line.inventory_item]));
    return [...byId.values()];
  }, [detail.lines]);
  const codeIndex = useMemo(() => buildCodeIndex(items), [items]);
  const [place, setPlace] = useState<Place | null>(null);
  const [code, setCode] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [reply, setReply] = useState<ScanReply | null>(null);
  const scanField = useRef<HTMLInputElement>(null);

  const startPlace = (next: Place) => {
    setPlace(next);
    record.mutate(
      { bin_id: next.binId, entries: [] },
      {
        onError: (error) =>
          toast.error("This place could not be started", { description: errorMessage(error) }),
      },
    );
    return {
      tone: "info",
      text: `Counting ${next.binId ? `bin ${next.code}` : "unbinned units"}: scan its items.`,
    } as const;
  };

  const countUnits = (binId: string | null, itemId: string, units: number) =>
    record.mutate(
      { bin_id: binId, entries: [{ inventory_item_id: itemId, quantity: units }] },
      {
        onError: (error) => toast.error("That count was not recorded", { description: errorMessage(error) }),
      },
    );

  /**
   * A code that is none of the count's items, scanned in one of its bins: an item found on the shelf that the
   * count did not expect (a stray). The store's items are looked up by the code (the / search's exact match:
   * id, SKU, UPC), and the one found is counted there, which gives it a line of that bin (docs/cycle-counts.md).
   */
  const countStray = (scanned: string, at: Place & { binId: string }, units: number) => {
    callApi("searchStore", {
      params: { storeId },
      query: { q: scanned },
      headers: { "X-Page-Size": "5" },
    })
      .then(({ data }) => {
        // One item per id (a code can be its SKU and its UPC); a SKU shared with returned or unknown goods
        // means the catalog product, which is what a label on the shelf names.
        let found = [
          ...new Map(
            data.results
              .filter((result) => result.type === "inventory_item")
              .map((result) => [result.id, result]),
          ).values(),
        ];
        const products = found.filter((result) => result.subtitle.endsWith("· product"));
        if (found.length > 1 && products.length === 1) found = products;
        if (found.length !== 1) {
          setReply({
            tone: "error",
            text:
              found.length === 0
                ? `${scanned} is no item of this store: set the unit aside.`
                : `${scanned} is the code of several items: scan another of its codes (its label or UPC).`,
          });
          return;
        }
        const [item] = found as [(typeof found)[number]];
        countUnits(at.binId, item.id, units);
        setReply({
          tone: "warning",
          text: `${units > 0 ? "+" : ""}${units} ${item.title} in ${at.code}: not expected here, counted as a stray line.`,
        });
      })
      .catch((error: unknown) =>
        setReply({ tone: "error", text: `${scanned} could not be looked up: ${errorMessage(error)}` }),
      );
  };

  const handleCode = (raw: string): ScanReply => {
    const scanned = raw.trim();
    const bin = countBins.find((candidate) => candidate.code.toLowerCase() === scanned.toLowerCase());
    let answer: ScanReply;
    if (bin) answer = startPlace({ binId: bin.id, code: bin.code });
    else if (!place)
      answer = { tone: "warning", text: `Scan a bin label of this count first (${scanned} is none).` };
    else {
      const match = codeIndex.find(scanned);
      const item = match ? items.find((candidate) => candidate.id === match.itemId) : undefined;
      const units = Number.parseInt(quantity, 10);
      if (!Number.isFinite(units) || units === 0)
        answer = { tone: "error", text: "Type a quantity other than 0." };
      else if (!item && binScoped && place.binId !== null) {
        // Only a count of bins takes strays (a SKU or not-counted count is of its items alone).
        countStray(scanned, { binId: place.binId, code: place.code }, units);
        setQuantity("1");
        answer = { tone: "info", text: `Looking up ${scanned}…` };
      } else if (!item) answer = { tone: "error", text: `${scanned} is not an item of this count.` };
      else {
        countUnits(place.binId, item.id, units);
        setQuantity("1");
        answer = {
          tone: "success",
          text: `${units > 0 ? "+" : ""}${units} ${item.name ?? item.sku ?? "item"} in ${place.code}`,
        };
      }
    }
    setReply(answer);
    return answer;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === "") return;
    handleCode(code);
    setCode("");
    scanField.current?.focus();
  };

  const here = place ? detail.lines.filter((line) => (line.bin?.id ?? null) === place.binId) : [];
  const hideExpected = count.blind;
  return (
    <div className="space-y-4">
      <Card
        title={
          place
            ? `Counting ${place.binId ? `bin ${place.code}` : "unbinned units"}`
            : "Scan a bin label to start"
        }
        description="Each scan counts one unit; type a quantity first to count more (negative to take back)."
      >
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <label className="min-w-0 flex-1 text-sm font-medium text-slate-800">
            Scan or type a code
            <input
              ref={scanField}
              className={`mt-1 ${controlClasses}`}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="go"
            />
          </label>
          <TextField
            id="count-quantity"
            label="Quantity"
            className="w-20"
            inputMode="numeric"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
          <Button type="submit" variant="primary">
            <ScanLine className="size-4" aria-hidden="true" />
            Add
          </Button>
          <CameraScanButton
            onCode={handleCode}
            title="Scan bins and items"
            description="Aim at a bin label, then at each item's barcode."
            countsUnits
          />
        </form>
        <p
          role="status"
          aria-live="polite"
          className={`mt-3 rounded-md border px-3 py-2 text-sm ${REPLY_TONES[reply?.tone ?? "info"]}`}
        >
          {reply?.text ?? "Bins of this count are listed below; tap one if its label will not scan."}
        </p>
      </Card>
      {place ? (
        <Card title="Counted here" bodyClassName="p-0">
          {here.length === 0 ? (
            <p className="px-5 py-4 text-sm text-slate-600">Nothing expected or counted here yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {here.map((line) => (
                <li key={line.id} className="flex items-center justify-between gap-3 px-5 py-2.5 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">
                      {line.inventory_item.name ?? line.inventory_item.sku}
                    </span>
                    <span className="font-mono text-xs text-slate-600">{line.inventory_item.sku ?? "—"}</span>
                  </span>
                  <span className="shrink-0 text-right tabular-nums">
                    <span className="text-base font-semibold text-slate-900">
                      {formatNumber(line.counted_quantity ?? 0)}
                    </span>
                    {hideExpected || line.snapshot_quantity === null ? null : (
                      <span className="block text-xs text-slate-600">
                        expected {formatNumber(line.snapshot_quantity)}
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
      <Card
        title="Places"
        description="A place is snapshotted when you start it; places never started are skipped."
      >
        <div className="flex flex-wrap gap-2">
          {countBins.map((bin) => {
            const lines = detail.lines.filter((line) => line.bin?.id === bin.id);
            const done = lines.length > 0 && lines.every((line) => line.counted_quantity !== null);
            return (
              <Button
                key={bin.id}
                size="sm"
                variant={place?.binId === bin.id ? "primary" : "secondary"}
                onClick={() => setReply(startPlace({ binId: bin.id, code: bin.code }))}
              >
                <span className="font-mono">{bin.code}</span>
                <span className="text-xs">{done ? "✓" : `${lines.length} lines`}</span>
              </Button>
            );
          })}
          {binScoped ? null : (
            <Button
              size="sm"
              variant={place && place.binId === null ? "primary" : "secondary"}
              onClick={() => setReply(startPlace({ binId: null, code: "unbinned" }))}
            >
              Unbinned
            </Button>
          )}
        </div>
      </Card>
    </div>
  );
}
