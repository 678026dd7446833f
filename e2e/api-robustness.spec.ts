import net from "node:net";
import { expect, test } from "./support/fixtures";
import { baseUrl } from "./support/run-context";

/**
 * A sweep over every operation of the OpenAPI document, against the production server (`npm start`'s,
 * scripts/start.ts) with raw sockets, so nothing normalises the requests on the way: the classes of bad
 * input a black-box fuzz found answered by the framework (plain-text 500s, HTML 404s, redirects, empty 400s)
 * now get problem+json with an X-Request-Id. lib/api/request-gate.ts and lib/server/gated-server.ts.
 */

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** Sends bytes as one HTTP/1.1 request on a fresh connection and reads the whole answer. */
function rawRequest(request: Buffer | string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error("no answer in 15 s")));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(":");
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
    socket.write(request);
  });
}

function send(method: string, target: string, extraHeaders = ""): Promise<RawResponse> {
  const { host } = new URL(baseUrl());
  return rawRequest(
    `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\n${extraHeaders}Connection: close\r\n\r\n`,
  );
}

/** The payload of a chunked body (sizes in hex, each chunk followed by CRLF, a zero-size chunk last). */
function unchunk(body: string): string {
  let out = "";
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** A problem+json answer with an X-Request-Id named in its `instance`. */
function expectProblem(response: RawResponse, status: number, type: string, label: string): void {
  expect(response.status, `${label}: ${response.body.slice(0, 200)}`).toBe(status);
  expect(response.headers["content-type"], label).toBe("application/problem+json");
  const requestId = response.headers["x-request-id"];
  expect(requestId, label).toMatch(/^[A-Za-z0-9._:-]+$/);
  const body = response.headers["transfer-encoding"] === "chunked" ? unchunk(response.body) : response.body;
  const problem = JSON.parse(body) as Record<string, unknown>;
  expect(problem, label).toMatchObject({
    type: `com.service.api:${type}`,
    status,
    instance: `urn:request:${requestId}`,
  });
}

type Operation = { method: string; path: string };

async function documentedOperations(): Promise<{
  operations: Operation[];
  allowOf: (path: string) => string;
  optionsOf: (path: string) => string;
}> {
  const response = await fetch(`${baseUrl()}/api/v2.2/openapi.json`);
  const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item)) {
      if (["get", "post", "put", "patch", "delete"].includes(method)) operations.push({ method, path });
    }
  }
  const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
  const declared = (path: string) =>
    new Set(Object.keys(document.paths[path] ?? {}).map((m) => m.toUpperCase()));
  // A 405 names the declared operations; OPTIONS adds HEAD (for a GET) and itself.
  const allowOf = (path: string) => order.filter((m) => declared(path).has(m)).join(", ");
  const optionsOf = (path: string) => {
    const methods = declared(path);
    if (methods.has("GET")) methods.add("HEAD");
    return [...order.filter((m) => methods.has(m)), "OPTIONS"].join(", ");
  };
  return { operations, allowOf, optionsOf };
}

const MALFORMED_SEGMENTS = ["%zz", "%ff%fe", "abc%", "%C0%AE", "%ED%A0%80", "ret_%00", "%2e%2e"];

test("every operation's path answers malformed segments, odd methods and path tricks with problem+json", async () => {
  // About fifteen raw requests per documented path, and the paths grow with the operations: more than the
  // default two minutes on a busy machine with the embedded database (README's `npm test`, load 13).
  test.setTimeout(300_000);
  const { operations, allowOf, optionsOf } = await documentedOperations();
  expect(operations.length).toBeGreaterThan(30);
  const paths = [...new Set(operations.map((op) => op.path))];
  // The gate reads a segment the same way whatever the path: the path tricks go to every path, all seven
  // malformed forms to the deepest one, and each parameter of every path gets one form (in turn), not all
  // seven. What differs per path (the Allow list, the operation behind a well-formed request) is checked on
  // every one.
  let turn = 0;
  async function sweep(template: string) {
    const filled = `/api/v2.2${template.replace(/\{[^}]+\}/g, "x_1")}`;
    const params = [...template.matchAll(/\{[^}]+\}/g)].map((match) => match[0]);
    const targets = params.map((param) => {
      const bad = MALFORMED_SEGMENTS[turn++ % MALFORMED_SEGMENTS.length] as string;
      return `/api/v2.2${template.replace(param, bad).replace(/\{[^}]+\}/g, "x_1")}`;
    });
    targets.push(
      `${filled}/`,
      filled.replace("/api/v2.2/", "/api/v2.2//"),
      `/api/v2.2/x/..${template.replace(/\{[^}]+\}/g, "x_1")}`,
    );
    for (const target of targets) {
      expectProblem(await send("GET", target), 404, "request/not-found", `GET ${target}`);
    }
    const undeclared = ["PUT", "PATCH", "DELETE"].filter((m) => !allowOf(template).split(", ").includes(m));
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "SEARCH", ...undeclared]) {
      const response = await send(method, filled);
      expectProblem(response, 405, "request/method-not-allowed", `${method} ${filled}`);
      expect(response.headers.allow, `${method} ${filled}`).toBe(allowOf(template));
    }
    const options = await send("OPTIONS", filled);
    expect(options.status, `OPTIONS ${filled}`).toBe(204);
    expect(options.headers.allow, `OPTIONS ${filled}`).toBe(optionsOf(template));
    expect(options.headers["x-request-id"]).toBeTruthy();
    // A well-formed request still reaches the operation (which wants credentials).
    const method = operations.find((op) => op.path === template)?.method.toUpperCase() ?? "GET";
    const plain = await send(method, filled, method === "GET" ? "" : "Content-Length: 0\r\n");
    expectProblem(plain, 401, "auth/unauthorized", `${method} ${filled}`);
  }
  // Every malformed form once on the deepest path, all its parameters at once.
  const deepest = paths.reduce((a, b) => (b.split("{").length > a.split("{").length ? b : a));
  for (const bad of MALFORMED_SEGMENTS) {
    const target = `/api/v2.2${deepest.replace(/\{[^}]+\}/g, bad)}`;
    expectProblem(await send("GET", target), 404, "request/not-found", `GET ${target}`);
  }
  // Four paths at a time: the server answers each request on its own, as it would for four clients.
  const pending = [...paths];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let template = pending.shift(); template; template = pending.shift()) await sweep(template);
    }),
  );
});

test("what Node's HTTP parser refuses is answered in problem+json too", async () => {
  const { host } = new URL(baseUrl());
  const rawBytes = Buffer.concat([
    Buffer.from("GET /api/v2.2/returns/"),
    Buffer.from([0xff, 0xfe, 0xc3]),
    Buffer.from(` HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
  ]);
  expectProblem(await rawRequest(rawBytes), 400, "request/malformed", "raw non-ASCII bytes");
  const hugeHeader = `X-Padding: ${"a".repeat(20_000)}\r\n`;
  expectProblem(
    await send("GET", "/api/v2.2/openapi.json", hugeHeader),
    431,
    "request/header-too-large",
    "20 KB header",
  );
  const longTarget = `/api/v2.2/openapi.json?pad=${"a".repeat(9000)}`;
  expectProblem(await send("GET", longTarget), 414, "request/uri-too-long", "9 KB target");
  expectProblem(
    await send("GET", `/api/v2.2/openapi.json?pad=${"a".repeat(17_000)}`),
    431,
    "request/header-too-large",
    "17 KB target",
  );
});
