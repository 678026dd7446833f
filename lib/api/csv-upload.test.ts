import { describe, expect, it } from "vitest";
import { readCsvRecords } from "./csv-upload";
import { HttpProblem } from "./problem";

function csvRequest(bytes: Uint8Array, contentType = "text/csv"): Request {
  return new Request("http://x/api", {
    method: "POST",
    headers: { "content-type": contentType },
    body: new Blob([new Uint8Array(bytes)]),
  });
}

async function records(request: Request) {
  const out: Record<string, string>[] = [];
  for await (const record of readCsvRecords(request, { limit: 10_000, resource: "product" })) {
    out.push(record.values);
  }
  return out;
}

async function problemOf(promise: Promise<unknown>): Promise<HttpProblem> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpProblem)) throw new Error(`expected an HttpProblem, got ${String(error)}`);
  return error;
}

// "sku,title\nA1,Café" as Excel saves it in Windows-1252: é is the single byte 0xE9.
const latin1 = new Uint8Array([...Buffer.from("sku,title\nA1,Caf"), 0xe9, 0x0a]);

describe("the text encoding of a CSV upload", () => {
  it("refuses bytes that are not UTF-8 when no charset is declared, naming the line", async () => {
    const problem = await problemOf(records(csvRequest(latin1)));
    expect([problem.status, problem.code]).toEqual([400, "product/invalid-csv"]);
    expect(problem.message).toBe(
      "The file is not valid UTF-8 (line 2). Save it as UTF-8 (Excel: CSV UTF-8), or declare its encoding: " +
        '"Content-Type: text/csv; charset=windows-1252".',
    );
  });

  it("decodes a declared charset, and refuses one it does not know", async () => {
    await expect(records(csvRequest(latin1, "text/csv; charset=windows-1252"))).resolves.toEqual([
      { sku: "A1", title: "Café" },
    ]);
    const unknown = await problemOf(records(csvRequest(latin1, "text/csv; charset=klingon")));
    expect([unknown.status, unknown.code]).toEqual([415, "request/unsupported-media-type"]);
  });

  it("reads UTF-8 with a byte-order mark, a character split across chunks included", async () => {
    const text = Buffer.from("\ufeffsku,title\nA1,Café 🙂\n");
    const split = text.indexOf(Buffer.from("🙂")) + 2;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(text.subarray(0, split));
        controller.enqueue(text.subarray(split));
        controller.close();
      },
    });
    const request = new Request("http://x/api", {
      method: "POST",
      headers: { "content-type": "text/csv; charset=utf-8" },
      body,
      duplex: "half",
    } as RequestInit);
    await expect(records(request)).resolves.toEqual([{ sku: "A1", title: "Café 🙂" }]);
  });
});
