import { describe, expect, it } from "vitest";
import { importStream } from "./csv-import";

const checked = {
  rows: 3,
  create: 3,
  update: 0,
  unchanged: 0,
  lines: 3,
  error_count: 0,
  errors: [],
  preview: [],
};

/** The NDJSON lines of an import's answer, as they arrive, until the stream closes. */
async function lines(response: Response, onLine: (line: unknown) => void): Promise<unknown[]> {
  const out: unknown[] = [];
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let rest = "";
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    rest += read.value;
    for (let end = rest.indexOf("\n"); end >= 0; end = rest.indexOf("\n")) {
      const line = JSON.parse(rest.slice(0, end)) as unknown;
      rest = rest.slice(end + 1);
      out.push(line);
      onLine(line);
    }
  }
  return out;
}

describe("an import still writing when the server's shutdown grace ends", () => {
  it("ends its stream with an error line saying nothing was written, and its write is rolled back", async () => {
    const stopped = new AbortController();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let outcome: "committed" | "rolled back" | undefined;
    // A write of three batches that waits after the first, as a large import under load does.
    const commit = async (onProgress: (done: number, total: number) => void) => {
      try {
        onProgress(1, 3);
        await released;
        onProgress(2, 3);
        onProgress(3, 3);
        outcome = "committed";
        return { created: 3, updated: 0, unchanged: 0, lines: 3 };
      } catch (error) {
        outcome = "rolled back";
        throw error;
      }
    };
    const response = importStream("product", checked, commit, stopped.signal);
    const received = await lines(response, (line) => {
      if ((line as { type: string }).type === "progress") stopped.abort();
    });
    expect(received).toEqual([
      { type: "progress", done: 1, total: 3 },
      {
        type: "error",
        detail:
          "The server is shutting down and stopped the import before it finished; nothing was written. " +
          "Send the file again.",
      },
    ]);
    release();
    await expect.poll(() => outcome).toBe("rolled back");
  });
});
