import { describe, expect, it } from "vitest";
import { columnsToHide } from "./column-priority";

const columns = [
  { id: "name", size: 280 },
  { id: "sku", size: 150, priority: 1 },
  { id: "kind", size: 110, priority: 3 },
  { id: "quantity", size: 100 },
  { id: "locations", size: 260, priority: 2 },
  { id: "updated", size: 120, priority: 4 },
];

describe("columnsToHide", () => {
  it("hides nothing when everything fits or the width is not known yet", () => {
    expect(columnsToHide(columns, 1100)).toEqual({});
    expect(columnsToHide(columns, 0)).toEqual({});
  });

  it("keeps the columns without a priority and adds the others, most important first, while they fit", () => {
    expect(columnsToHide(columns, 972)).toEqual({ updated: false });
    // Locations (260) does not fit beside name, quantity and SKU; the narrower kind (110) still does.
    expect(columnsToHide(columns, 654)).toEqual({ locations: false, updated: false });
  });

  it("never hides a column without a priority, even when they alone are too wide", () => {
    expect(columnsToHide(columns, 300)).toEqual({
      sku: false,
      kind: false,
      locations: false,
      updated: false,
    });
  });
});
