import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiRoutesSource } from "../contracts/api-routes-source";

describe("lib/client/api-routes.generated.ts", () => {
  it("is what `npm run contracts:generate` writes from the contracts", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    // Formatted as the generator formats it (Biome), then compared.
    const expected = execFileSync(
      path.join(root, "node_modules/.bin/biome"),
      ["format", "--stdin-file-path=lib/client/api-routes.generated.ts"],
      { input: apiRoutesSource(), cwd: root, encoding: "utf8" },
    );
    const actual = readFileSync(path.join(root, "lib/client/api-routes.generated.ts"), "utf8");
    expect(actual, "run `npm run contracts:generate`").toBe(expected);
  });
});
