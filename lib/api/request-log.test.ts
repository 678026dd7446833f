import { describe, expect, it } from "vitest";
import { logRequest, logUnexpectedError } from "./request-log";

describe("request log", () => {
  it("writes one JSON line with the route template, status, duration and principal", () => {
    const lines: string[] = [];
    logRequest(
      {
        requestId: "req_1",
        method: "GET",
        route: "/returns/{returnId}",
        status: 404,
        durationMs: 2.54,
        principal: "api-key",
        storeId: "str_a",
      },
      (line) => lines.push(line),
    );
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] as string);
    expect(entry).toMatchObject({
      level: "info",
      requestId: "req_1",
      method: "GET",
      route: "/returns/{returnId}",
      status: 404,
      durationMs: 2.5,
      principal: "api-key",
      storeId: "str_a",
    });
    expect(Date.parse(entry.time)).not.toBeNaN();
  });

  it("marks 5xx answers as errors", () => {
    const lines: string[] = [];
    logRequest(
      { requestId: "r", method: "POST", route: "/x", status: 503, durationMs: 1, principal: "anonymous" },
      (line) => lines.push(line),
    );
    expect(JSON.parse(lines[0] as string).level).toBe("error");
  });

  it("logs an unexpected error with its stack for the server only", () => {
    const lines: string[] = [];
    logUnexpectedError("req_2", new Error("boom"), (line) => lines.push(line));
    const entry = JSON.parse(lines[0] as string);
    expect(entry).toMatchObject({ level: "error", requestId: "req_2", message: "boom" });
    expect(entry.stack).toContain("boom");
  });
});
