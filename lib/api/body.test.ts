import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, readJsonBody, unstorableStringIssues } from "./body";
import { HttpProblem } from "./problem";

function jsonRequest(body: string | Blob): Request {
  return new Request("http://x/api", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
}

async function problemOf(promise: Promise<unknown>): Promise<HttpProblem> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpProblem)) throw new Error(`expected an HttpProblem, got ${String(error)}`);
  return error;
}

describe("strings the database cannot store as sent", () => {
  it("names every field holding U+0000 or a lone surrogate, keys included", () => {
    const value = {
      comment: { message: "a\u0000b" },
      items: [{ id: "ok" }, { id: "x\ud800" }, { id: "\udc00y" }],
      "k\u0000": 1,
      fine: "emoji 🙂 and é",
    };
    expect(unstorableStringIssues(value).map((issue) => issue.path)).toEqual([
      "comment.message",
      "items.1.id",
      "items.2.id",
      "k\u0000",
    ]);
    expect(unstorableStringIssues({ a: "🙂", b: ["\ud83d\ude42"] })).toEqual([]);
  });

  it("refuses them in a body with a 400 naming the field, and refuses invalid UTF-8", async () => {
    const nul = await problemOf(
      readJsonBody(jsonRequest('{"comment":{"message":"a\\u0000"}}'), 1024, "return"),
    );
    expect(nul).toMatchObject({ status: 400, code: "return/invalid-request" });
    expect(nul.errors).toEqual([
      { path: "comment.message", message: "Must not contain the NUL character (U+0000)." },
    ]);
    const surrogate = await problemOf(readJsonBody(jsonRequest('{"name":"\\ud800"}'), 1024, "api-secret"));
    expect(surrogate.errors?.[0]?.path).toBe("name");
    const bytes = await problemOf(
      readJsonBody(
        jsonRequest(new Blob([new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])])),
        1024,
        "x",
      ),
    );
    expect(bytes.message).toBe("The request body is not valid UTF-8.");
    await expect(readJsonBody(jsonRequest('{"a":"🙂 \\ud83d\\ude42"}'), 1024, "x")).resolves.toEqual({
      a: "🙂 🙂",
    });
  });
});

describe("a body cut off before it arrived", () => {
  it("is a 408 request/timeout (lib/server's request timeout, or the client gone), not a 500", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        controller.error(new Error("aborted"));
      },
    });
    const request = new Request("http://x/api", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    const problem = await problemOf(readJsonBody(request, 1000, "return"));
    expect([problem.status, problem.code]).toEqual([408, "request/timeout"]);
  });
});

describe("a body nested deeper than any operation reads", () => {
  it("is a 400 naming the depth, not a stack overflow, however deep", async () => {
    for (const depth of [2_000, 100_000]) {
      const body = `{"a":${"[".repeat(depth)}"x\\u0000"${"]".repeat(depth)}}`;
      const problem = await problemOf(readJsonBody(jsonRequest(body), 10 * depth + 100, "order"));
      expect([problem.status, problem.code]).toEqual([400, "order/invalid-request"]);
      expect(problem.message).toBe(`The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
    }
  });

  it("still names unstorable strings at the deepest level allowed", async () => {
    const body = `{"a":${"[".repeat(MAX_JSON_DEPTH - 1)}"x\\u0000"${"]".repeat(MAX_JSON_DEPTH - 1)}}`;
    const problem = await problemOf(readJsonBody(jsonRequest(body), 10_000, "order"));
    expect(problem.errors?.[0]?.path).toBe(`a${".0".repeat(MAX_JSON_DEPTH - 1)}`);
  });
});
