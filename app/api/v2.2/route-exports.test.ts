import { describe, expect, it } from "vitest";
import { contracts } from "@/lib/contracts";
import { routeFileOf, routeModules } from "@/lib/testing/api-operations";

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
// Files under app/api/v2.2 that are not contract operations, with what they serve.
const NOT_CONTRACTS: Record<string, string[]> = {
  "../../app/api/v2.2/[...path]/route.ts": ["GET", "POST", "PUT", "PATCH", "DELETE"],
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
});
