"use client";

import { useState } from "react";
import { PrintLabelsButton } from "@/components/labels/print-labels-button";
import { SelectField } from "@/components/ui/field";
import { fetchLabelFile } from "@/lib/client/hooks/labels";
import { queryKeys } from "@/lib/client/query-keys";
import type { Return } from "@/lib/schemas/returns";

/**
 * Prints license plates for a return's items (docs/labels.md): all of them, or one. An item gets its plate on
 * its first print and keeps it, so a reprint reads the same code.
 */
export function ReturnPlatesButton({
  storeId,
  ret,
  itemName,
}: {
  storeId: string;
  ret: Return;
  itemName: (itemId: string) => string;
}) {
  const [which, setWhich] = useState("all");
  return (
    <PrintLabelsButton
      subject={{ type: "return", id: ret.id }}
      title="Print license plates"
      buttonLabel="Print plates"
      size="sm"
      description="One label per item. Stick it on the item: scanning it finds this return."
      refresh={[queryKeys.returns.detail(ret.id)]}
      print={(choice) =>
        fetchLabelFile("printReturnLabels", {
          params: { storeId, returnId: ret.id },
          body: { ...choice, ...(which === "all" ? {} : { item_ids: [which] }) },
        })
      }
    >
      {ret.items.length > 1 ? (
        <SelectField
          id="plate-items"
          label="Items"
          value={which}
          onChange={(event) => setWhich(event.target.value)}
        >
          <option value="all">All {ret.items.length} items</option>
          {ret.items.map((item) => (
            <option key={item.id} value={item.id}>
              {itemName(item.id)}
              {item.licensePlate ? ` (${item.licensePlate})` : ""}
            </option>
          ))}
        </SelectField>
      ) : null}
    </PrintLabelsButton>
  );
}
