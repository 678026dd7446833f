import { describe, expect, it } from "vitest";
import { guessMapping, IMPORT_TEMPLATE, readHeader, remapFile } from "./import-columns";

describe("guessMapping", () => {
  it("matches headers by name, label or alias, whatever their case and spacing", () => {
    const mapping = guessMapping(["PO Number", " Warehouse ", "Item SKU", "QTY", "Tracking", "ETA", "Notes"]);
    expect(mapping).toMatchObject({
      shipment_id: "PO Number",
      location: " Warehouse ",
      sku: "Item SKU",
      quantity: "QTY",
      tracking_number: "Tracking",
      estimated_arrival_date: "ETA",
      carrier: "",
    });
  });

  it("maps the template's own header one to one", () => {
    const header = IMPORT_TEMPLATE.split("\n")[0]?.split(",") ?? [];
    const mapping = guessMapping(header);
    for (const name of header) expect(mapping[name as keyof typeof mapping]).toBe(name);
  });
});

describe("remapFile", () => {
  it("rewrites only the header row, keeping the file's line ending and its data bytes", async () => {
    const file = new File(['"PO Number",Qty,Item SKU,Notes\r\nPO-1,2,"A,1",x\r\n'], "f.csv", {
      type: "text/csv",
    });
    const source = await readHeader(file);
    expect(source).toMatchObject({ headers: ["PO Number", "Qty", "Item SKU", "Notes"], newline: "\r\n" });
    const blob = remapFile(file, source, guessMapping(source.headers));
    expect(await blob.text()).toBe('shipment_id,quantity,sku,ignored_4\r\nPO-1,2,"A,1",x\r\n');
  });
});
