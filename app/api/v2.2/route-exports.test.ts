import { describe, expect, it } from "vitest";
import { contractOfHandler } from "@/lib/api/route";
import { contracts } from "@/lib/contracts";
import { ACCESS_LEVELS } from "@/lib/enums";
import { ADDRESSED_KINDS } from "@/lib/ids";
import { routeFileOf, routeModules, unknownPathParams } from "@/lib/testing/api-operations";

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
// Files under app/api/v2.2 that are not contract operations, with what they serve.
const NOT_CONTRACTS: Record<string, string[]> = {
  "../../app/api/v2.2/openapi.json/route.ts": ["GET"],
};

describe("route files and contracts", () => {
  const modules = routeModules();

  it("every route file exports exactly the methods its contracts declare", () => {
    const declared = new Map<string, string[]>();
    for (const contract of contracts) {
      const file = routeFileOf(contract.path);
      declared.set(file, [...(declared.get(file) ?? []), contract.method.toUpperCase()]);
    }
    for (const [file, module] of Object.entries(modules)) {
      const exported = Object.keys(module)
        .filter((name) => HTTP_METHODS.includes(name))
        .sort();
      const expected = (declared.get(file) ?? NOT_CONTRACTS[file] ?? []).sort();
      expect(exported, file).toEqual(expected);
    }
  });

  it("every contract has its route file", () => {
    for (const contract of contracts) {
      expect(
        modules[routeFileOf(contract.path)],
        `${contract.operationId}: ${routeFileOf(contract.path)}`,
      ).toBeDefined();
    }
  });

  it("operation ids are unique, and each method and path is declared once", () => {
    const ids = contracts.map((c) => c.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = contracts.map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("every path parameter names a kind of the resource table (lib/ids.ts), so the suites can address it", () => {
    for (const contract of contracts) expect(unknownPathParams(contract.path), contract.path).toEqual([]);
  });

  it("every handler of a contract is built by the API wrapper from that contract", () => {
    for (const contract of contracts) {
      const handler = modules[routeFileOf(contract.path)]?.[contract.method.toUpperCase()];
      expect(contractOfHandler(handler), contract.operationId).toBe(contract);
    }
  });

  it("every contract declares its access, and which callers it admits", () => {
    for (const contract of contracts) {
      expect(ACCESS_LEVELS, contract.operationId).toContain(contract.access);
      if (contract.principals) expect(contract.principals.length, contract.operationId).toBeGreaterThan(0);
    }
  });

  it("a contract that takes a body and names an id in its path finds that id before the body (storeOf)", () => {
    // Else an unknown id with an invalid body would be a 400, and a forbidden write a 400 about its input.
    const addressed = new Set<string>(ADDRESSED_KINDS.map((kind) => kind.param));
    const ids = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].filter((m) => addressed.has(m[1] ?? ""));
    const missing = contracts
      .filter((c) => (c.body || c.csvBody) && ids(c.path).length > 0 && !c.storeOf)
      .map((c) => c.operationId);
    expect(missing).toEqual([]);
  });
});
