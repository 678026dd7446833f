import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contracts as operations } from "@/lib/contracts";
import { callRoute } from "@/lib/testing/api";
import { GET } from "./route";

type Doc = {
  openapi: string;
  info: { version: string; title: string };
  servers: { url: string }[];
  security: Record<string, unknown>[];
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, { content?: Record<string, unknown> }> }>
  >;
  components: {
    securitySchemes: Record<string, { type: string; scheme: string }>;
    schemas: Record<string, unknown>;
  };
};

async function fetchDocument() {
  return callRoute<Doc>(GET, {}, { path: "/openapi.json" });
}

/** The operations interface-v2.2 names, which clients of the real service call. */
const INTERFACE = [
  ["get", "/stores/{storeId}/inbound-shipments"],
  ["put", "/stores/{storeId}/returns/{returnId}/item-identifiers"],
  ["post", "/returns/{returnId}/comments"],
  ["get", "/returns/{returnId}"],
  ["get", "/stores/{storeId}/inventory-items/{inventoryItemId}"],
  ["post", "/stores/{storeId}/webhooks"],
  ["put", "/webhooks/{webhookId}"],
  ["get", "/webhooks/{webhookId}"],
] as const;

describe("GET /openapi.json", () => {
  it("serves the OpenAPI 3.1.0 document, version 2.2.1, as JSON", async () => {
    const response = await fetchDocument();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body.openapi).toBe("3.1.0");
    expect(response.body.info.version).toBe("2.2.1");
    expect(response.body.servers).toEqual([{ url: "/api/v2.2" }]);
    expect(response.body.components.securitySchemes.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(response.body.security).toEqual([{ bearerAuth: [] }]);
  });

  it("describes every operation of the interface and every operation the app serves", async () => {
    const { paths } = (await fetchDocument()).body;
    for (const [method, route] of INTERFACE)
      expect(paths[route]?.[method], `${method} ${route}`).toBeDefined();
    for (const operation of operations) {
      const documented = paths[operation.path]?.[operation.method];
      expect(documented?.operationId).toBe(operation.operationId);
      // Every operation documents auth failures as problem details.
      for (const status of ["401", "403"]) {
        expect(documented?.responses[status]?.content, `${operation.operationId} ${status}`).toHaveProperty([
          "application/problem+json",
        ]);
      }
    }
    const count = Object.values(paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(count).toBe(operations.length);
  });

  it("documents only paths that a route file serves with that method", async () => {
    const { paths } = (await fetchDocument()).body;
    for (const [route, item] of Object.entries(paths)) {
      const file = path.resolve("app/api/v2.2", `.${route.replace(/\{([^}]+)\}/g, "[$1]")}`, "route.ts");
      expect(existsSync(file), file).toBe(true);
      const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      for (const method of Object.keys(item))
        expect(typeof module[method.toUpperCase()], `${method} ${route}`).toBe("function");
    }
  });

  it("carries X-Request-Id like every other response (decisions §1)", async () => {
    const response = await fetchDocument();
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });
});
