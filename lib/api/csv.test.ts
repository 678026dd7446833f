import { describe, expect, it } from "vitest";
import { csvCell, csvResponse } from "./csv";

async function* batches(...chunks: (string | number | null)[][][]) {
  for (const chunk of chunks) yield chunk;
}

describe("CSV downloads", () => {
  it("starts with a UTF-8 byte-order mark and the header, then writes each batch as it comes", async () => {
    const response = csvResponse("shipments list.csv", ["a", "b"], batches([["x", 1]], [[null, "y"]]));
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="shipments_list.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe("a,b\nx,1\n,y\n");
  });

  it("defuses what a spreadsheet would run as a formula, and nothing else", () => {
    for (const formula of ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
      expect(csvCell(formula)).toBe(`'${formula}`);
    for (const plain of ["PO-1", "a=b", "", "Ünïcode"]) expect(csvCell(plain)).toBe(plain);
    expect(csvCell(-3)).toBe(-3);
    expect(csvCell(null)).toBe("");
  });

  it("stops reading batches when the client goes away", async () => {
    let read = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          read++;
          yield [["row"]];
        }
      } finally {
        closed = true;
      }
    }
    const response = csvResponse("x.csv", ["a"], endless());
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    // The source was closed (its query would end there), so it can produce nothing more.
    expect(closed).toBe(true);
    expect(read).toBeLessThan(5);
  });
});
