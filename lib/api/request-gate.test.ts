import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gateApiRequest } from "./request-gate";
import { allowedMethods } from "./route-table";

const WEBHOOKS = "/api/v2.2/stores/str_a/webhooks";

describe("the request gate", () => {
  it("leaves well-formed API requests and every other path to Next.js", () => {
    for (const method of ["GET", "HEAD", "POST"]) {
      expect(gateApiRequest(method, WEBHOOKS)).toBeNull();
    }
    // An unknown path goes on to the catch-all route's 404.
    expect(gateApiRequest("PUT", "/api/v2.2/no/such/path")).toBeNull();
    expect(gateApiRequest("GET", `${WEBHOOKS}?x=1`)).toBeNull();
    expect(gateApiRequest("GET", "/api/v2.2/returns/ret_%41bc")).toBeNull();
    expect(gateApiRequest("TRACE", "/stores/str_a/returns")).toBeNull();
    expect(gateApiRequest("GET", "/api/v2.20/x")).toBeNull();
  });

  it.each([
    ["malformed escapes", "/api/v2.2/returns/%zz"],
    ["invalid UTF-8", "/api/v2.2/returns/%ff%fe"],
    ["a dangling %", "/api/v2.2/returns/abc%"],
    ["overlong UTF-8 for '.'", "/api/v2.2/returns/%C0%AE"],
    ["a lone surrogate in UTF-8", "/api/v2.2/returns/%ED%A0%80"],
    ["an encoded NUL", "/api/v2.2/returns/ret_%00"],
    ["an encoded newline", "/api/v2.2/returns/ret%0A"],
    ["an encoded slash", "/api/v2.2/returns/a%2Fb"],
    ["a .. segment", "/api/v2.2/stores/../webhooks/whk_a"],
    ["an encoded .. segment", "/api/v2.2/stores/%2e%2E/webhooks"],
    ["a . segment", "/api/v2.2/./openapi.json"],
    ["a trailing slash", `${WEBHOOKS}/`],
    ["an empty segment", "/api/v2.2/stores//webhooks"],
    ["the bare prefix with a slash", "/api/v2.2/"],
  ])("answers %s with a 404 problem, whatever the method", (_name, target) => {
    for (const method of ["GET", "POST", "TRACE", "OPTIONS"]) {
      expect(gateApiRequest(method, target)).toMatchObject({ status: 404, code: "request/not-found" });
    }
  });

  it("answers OPTIONS with 204 and the methods the path serves", () => {
    expect(gateApiRequest("OPTIONS", WEBHOOKS)).toEqual({
      status: 204,
      headers: { Allow: "GET, HEAD, POST, OPTIONS" },
    });
    expect(gateApiRequest("OPTIONS", "/api/v2.2/webhooks/whk_a")).toMatchObject({
      headers: { Allow: "GET, HEAD, PUT, DELETE, OPTIONS" },
    });
    expect(gateApiRequest("OPTIONS", "/api/v2.2/no/such/path")).toMatchObject({ status: 404 });
  });

  it.each(["PUT", "PATCH", "DELETE", "TRACE", "CONNECT", "PROPFIND", "MKCOL", "COPY", "LOCK", "SEARCH"])(
    "answers %s with a 405 naming the path's real methods",
    (method) => {
      const answer = gateApiRequest(method, "/api/v2.2/returns/ret_a/comments");
      expect(answer).toMatchObject({
        status: 405,
        code: "request/method-not-allowed",
        headers: { Allow: "GET, POST" },
      });
      expect(answer?.detail).toBe(`${method} is not allowed here; use GET, POST.`);
      // On a path that serves nothing: the API's own methods go on to the catch-all route's 404.
      const elsewhere = gateApiRequest(method, "/api/v2.2/nowhere");
      if (["PUT", "PATCH", "DELETE"].includes(method)) expect(elsewhere).toBeNull();
      else expect(elsewhere).toMatchObject({ status: 404 });
    },
  );

  it("answers a request target over 8 KiB with 414", () => {
    expect(gateApiRequest("GET", `${WEBHOOKS}?q=${"a".repeat(8200)}`)).toMatchObject({
      status: 414,
      code: "request/uri-too-long",
    });
  });
});

describe("the route table", () => {
  /** Every route folder under app/api/v2.2, as an OpenAPI-style template. */
  function routeTemplates(
    dir = path.resolve(import.meta.dirname, "../../app/api/v2.2"),
    prefix = "",
  ): string[] {
    const out: string[] = [];
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== "[...path]") {
        const segment = entry.name.replace(/^\[(.+)\]$/, "{$1}");
        out.push(...routeTemplates(path.join(dir, entry.name), `${prefix}/${segment}`));
      } else if (entry.name === "route.ts" && prefix) {
        out.push(prefix);
      }
    }
    return out;
  }

  it("knows every route of the app, and a literal segment wins over a parameter", () => {
    const templates = routeTemplates();
    expect(templates.length).toBeGreaterThan(20);
    for (const template of templates) {
      expect(allowedMethods(template.replace(/\{[^}]+\}/g, "x_1")), template).not.toBeNull();
    }
    expect(allowedMethods("/stores/str_a/locations")).toEqual(["GET", "HEAD", "POST", "OPTIONS"]);
    expect(allowedMethods("/openapi.json")).toEqual(["GET", "HEAD", "OPTIONS"]);
  });
});
