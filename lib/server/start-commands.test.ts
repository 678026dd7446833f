import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Next.js alone answers TRACE and malformed percent-encoding with plain-text 500s before any route runs (its
 * Request cannot hold the method; its router cannot decode the path), so no route can answer them. Every
 * documented way of starting the app therefore runs Next.js behind scripts/start.ts's gated server, whose
 * request gate answers them in problem+json (lib/api/request-gate.test.ts); docs/operations.md says so.
 */
const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };

describe("every documented start command", () => {
  it.each([
    ["start", /^node --import tsx (--max-old-space-size=\d+ )?scripts\/start\.ts$/],
    ["dev", /^node --import tsx scripts\/start\.ts --dev$/],
  ])("npm run %s runs scripts/start.ts's gated server", (script, command) => {
    expect(packageJson.scripts[script]).toMatch(command);
  });

  it("npm run demo and the Docker image start scripts/start.ts too", () => {
    expect(readFileSync("scripts/demo.ts", "utf8")).toMatch(/require\.resolve\("\.\/start\.ts"\)/);
    expect(readFileSync("Dockerfile", "utf8")).toMatch(/^CMD \[.*"scripts\/start\.ts"\]$/m);
  });
});
