import { describe, expect, it } from "vitest";
import { guessMapping, readHeader, remapFile } from "./csv-file";
import { COUNT_IMPORT, PRODUCT_IMPORT, SHIPMENT_IMPORT } from "./import-kinds";

describe("guessMapping", () => {
  it("matches headers by name, label or alias, whatever their case and spacing", () => {
    const mapping = guessMapping(SHIPMENT_IMPORT.columns, [
      "PO Number",
      " Warehouse ",
      "Item SKU",
      "QTY",
      "Tracking",
      "ETA",
      "Notes",
    ]);
    expect(mapping).toMatchObject({
      shipment_id: "PO Number",
      location: " Warehouse ",
      sku: "Item SKU",
      quantity: "QTY",
      tracking_number: "Tracking",
      estimated_arrival_date: "ETA",
      carrier: "",
    });
    expect(guessMapping(COUNT_IMPORT.columns, ["Variant SKU", "Location Name", "On Hand"])).toEqual({
      sku: "Variant SKU",
      location: "Location Name",
      quantity: "On Hand",
      note: "",
    });
  });

  it("matches a storefront's product export by its usual names", () => {
    const headers = ["Handle", "Title", "Option1 Value", "Variant SKU", "Variant Grams", "Variant Price"];
    expect(guessMapping(PRODUCT_IMPORT.columns, [...headers, "Variant Barcode", "Image Src"])).toMatchObject({
      product_external_id: "Handle",
      product_title: "Title",
      sku: "Variant SKU",
      price: "Variant Price",
      option1_value: "Option1 Value",
      barcode: "Variant Barcode",
      weight: "Variant Grams",
      weight_unit: "",
      product_image_url: "Image Src",
    });
  });

  it("maps each template's own header one to one", () => {
    for (const kind of [SHIPMENT_IMPORT, COUNT_IMPORT, PRODUCT_IMPORT]) {
      const header = kind.template("USD").split("\n")[0]?.split(",") ?? [];
      const mapping = guessMapping(kind.columns, header);
      for (const name of header) expect(mapping[name]).toBe(name);
      expect(header).toEqual(kind.columns.map((c) => c.name));
    }
  });
});

describe("remapFile", () => {
  it("rewrites only the header row, keeping the file's line ending and its data bytes", async () => {
    const file = new File(['"PO Number",Qty,Item SKU,Notes\r\nPO-1,2,"A,1",x\r\n'], "f.csv", {
      type: "text/csv",
    });
    const source = await readHeader(file);
    expect(source).toMatchObject({ headers: ["PO Number", "Qty", "Item SKU", "Notes"], newline: "\r\n" });
    const blob = remapFile(source, guessMapping(SHIPMENT_IMPORT.columns, source.headers));
    expect(await blob.text()).toBe('shipment_id,quantity,sku,ignored_4\r\nPO-1,2,"A,1",x\r\n');
  });
});
