import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { isValidGtin, type Label, pdfSafeText, symbologyFor } from "./label";
import { renderLabelsPdf } from "./pdf";
import { renderLabelsZpl, zplField } from "./zpl";

const plate: Label = {
  code: "LP-7K3M9QXD",
  title: "Wool socks · Red / M",
  lines: ["Order #1042", "SKU SOCK-RED-M"],
};
const line: Label = { code: "isp_3ZbQ9mX2kT7vLp0aYc1RfD", title: "Crew tee", lines: ["Shipment PO-77"] };
const upc: Label = { code: "036000291452", gtin: true, title: "Café crème 250 g", lines: ["SKU CAFE-250"] };

describe("symbology", () => {
  it("draws a product's valid UPC/EAN as itself, anything else as Code128, and long codes on small stock as DataMatrix", () => {
    expect(isValidGtin("036000291452")).toBe(true);
    expect(isValidGtin("036000291453")).toBe(false);
    expect(symbologyFor(upc, "2x1")).toBe("upca");
    expect(symbologyFor({ code: "4006381333931", gtin: true }, "4x6")).toBe("ean13");
    expect(symbologyFor({ code: "036000291453", gtin: true }, "4x6")).toBe("code128");
    expect(symbologyFor(plate, "2x1")).toBe("code128");
    expect(symbologyFor(line, "4x6")).toBe("code128");
    expect(symbologyFor(line, "2x1")).toBe("datamatrix");
  });
});

describe("renderLabelsZpl", () => {
  it("writes one format per label with the stock's size, the code as a barcode and as text", () => {
    const zpl = renderLabelsZpl([plate, upc, line], "2x1");
    const formats = zpl.trim().split(/\n(?=\^XA)/);
    expect(formats).toHaveLength(3);
    for (const format of formats) {
      expect(format.startsWith("^XA\n^CI28\n^PW406\n^LL203")).toBe(true);
      expect(format.endsWith("^XZ")).toBe(true);
    }
    expect(formats[0]).toMatch(/\^BCN,90,N,N,N,A\^FH_\^FDLP-7K3M9QXD\^FS/);
    expect(formats[1]).toContain("^BUN,90,N,N,N^FH_^FD036000291452^FS");
    expect(formats[2]).toContain("^BXN,4,200^FH_^FDisp_5F3ZbQ9mX2kT7vLp0aYc1RfD^FS");
    expect(renderLabelsZpl([plate], "4x6")).toContain("^PW812\n^LL1218");
  });

  it("folds what the standard PDF fonts cannot draw", () => {
    expect(pdfSafeText("Café — “Łódź”")).toBe('Cafe - "?odz"');
  });

  it("escapes what ZPL would read as commands, so a product name cannot end the label or start another", () => {
    expect(zplField("A^XZ~JA_b\\c\né")).toBe("A_5EXZ_7EJA_5Fb_5Cc_0Aé");
  });
});

describe("renderLabelsPdf", () => {
  async function read(bytes: Uint8Array) {
    const document = await PDFDocument.load(bytes);
    return document.getPages().map((page) => page.getSize());
  }

  it("puts one label a page on thermal stock, sized in points", async () => {
    expect(await read(await renderLabelsPdf([plate, line, upc], "4x6"))).toEqual(
      Array(3).fill({ width: 288, height: 432 }),
    );
    expect(await read(await renderLabelsPdf([plate], "2x1"))).toEqual([{ width: 144, height: 72 }]);
  });

  it("fills sheets: 30 a Letter page, 21 an A4 page", async () => {
    const labels = Array.from({ length: 31 }, (_, i) => ({ ...plate, code: `LP-0000000${i % 10}` }));
    const letter = await read(await renderLabelsPdf(labels, "letter"));
    expect(letter).toEqual(Array(2).fill({ width: 612, height: 792 }));
    const a4 = await read(await renderLabelsPdf(labels, "a4"));
    expect(a4).toHaveLength(2);
    expect(a4[0]?.width).toBeCloseTo(595.28, 1);
    expect(a4[0]?.height).toBeCloseTo(841.89, 1);
  });
});
