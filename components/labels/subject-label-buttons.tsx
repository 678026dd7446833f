"use client";

import { useState } from "react";
import { TextField } from "@/components/ui/field";
import { fetchLabelFile } from "@/lib/client/hooks/labels";
import { PrintLabelsButton } from "./print-labels-button";

/*
 * The print controls of the shipment, inventory item and location pages: the shared button with what each
 * kind of object asks (docs/labels.md). The return page's is components/returns/return-plates-button.tsx.
 */

/** A shipment's labels: one per line, or per carton of a line (`<units>*<line id>`, counted by Receive mode). */
export function ShipmentLabelsButton({ storeId, shipmentId }: { storeId: string; shipmentId: string }) {
  const [kind, setKind] = useState<"lines" | "cartons">("lines");
  const [perCarton, setPerCarton] = useState("12");
  return (
    <PrintLabelsButton
      subject={{ type: "inbound_shipment", id: shipmentId }}
      title="Print shipment labels"
      description="Line labels name a line; carton labels also say how many units the carton holds. Scanned in Receive mode, a carton label counts all of them."
      print={(choice) =>
        fetchLabelFile("printInboundShipmentLabels", {
          params: { storeId, inboundShipmentId: shipmentId },
          body: {
            ...choice,
            kind,
            ...(kind === "cartons" ? { units_per_carton: Number(perCarton) } : {}),
          },
        })
      }
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Labels</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm text-slate-700">
          {(
            [
              ["lines", "One per line"],
              ["cartons", "One per carton"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="label-kind"
                checked={kind === value}
                onChange={() => setKind(value)}
                className="accent-indigo-600"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "cartons" ? (
        <TextField
          id="units-per-carton"
          label="Units per carton"
          type="number"
          inputMode="numeric"
          min={1}
          max={9999}
          required
          value={perCarton}
          onChange={(event) => setPerCarton(event.target.value)}
          hint="Each line's last carton holds the rest."
        />
      ) : null}
    </PrintLabelsButton>
  );
}

function CopiesField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      id="label-copies"
      label="Copies"
      type="number"
      inputMode="numeric"
      min={1}
      max={500}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Shelf labels for an inventory item: its UPC/EAN where it has one, else its SKU. */
export function InventoryItemLabelsButton({
  storeId,
  inventoryItemId,
}: {
  storeId: string;
  inventoryItemId: string;
}) {
  const [copies, setCopies] = useState("1");
  return (
    <PrintLabelsButton
      subject={{ type: "inventory_item", id: inventoryItemId }}
      title="Print item labels"
      description="Coded with the product's UPC where it has one, else its SKU."
      print={(choice) =>
        fetchLabelFile("printInventoryItemLabels", {
          params: { storeId, inventoryItemId },
          body: { ...choice, copies: Number(copies) },
        })
      }
    >
      <CopiesField value={copies} onChange={setCopies} />
    </PrintLabelsButton>
  );
}

/** A location's label: its id, which search opens. */
export function LocationLabelsButton({
  storeId,
  locationId,
  name,
}: {
  storeId: string;
  locationId: string;
  name: string;
}) {
  const [copies, setCopies] = useState("1");
  return (
    <PrintLabelsButton
      subject={{ type: "location", id: locationId }}
      title={`Print labels for ${name}`}
      buttonLabel="Label"
      accessibleSuffix={` for ${name}`}
      variant="ghost"
      size="sm"
      print={(choice) =>
        fetchLabelFile("printLocationLabels", {
          params: { storeId, locationId },
          body: { ...choice, copies: Number(copies) },
        })
      }
    >
      <CopiesField value={copies} onChange={setCopies} />
    </PrintLabelsButton>
  );
}

/** A bin's label: its code as the barcode, which Move on the item page and the search read. */
export function BinLabelsButton({ storeId, binId, code }: { storeId: string; binId: string; code: string }) {
  const [copies, setCopies] = useState("1");
  return (
    <PrintLabelsButton
      subject={{ type: "bin", id: binId }}
      title={`Print labels for bin ${code}`}
      buttonLabel="Label"
      accessibleSuffix={` for bin ${code}`}
      variant="ghost"
      size="sm"
      print={(choice) =>
        fetchLabelFile("printBinLabels", {
          params: { storeId, binId },
          body: { ...choice, copies: Number(copies) },
        })
      }
    >
      <CopiesField value={copies} onChange={setCopies} />
    </PrintLabelsButton>
  );
}
