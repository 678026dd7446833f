import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { absolute, formatted, GENERATED_FILES } from "./generated-files";

describe.each(GENERATED_FILES)("$file", ({ file, source }) => {
  // Listing a folder's modules loads each of them: slower than a unit test's usual 5 s on a busy machine.
  it("is what `npm run contracts:generate` writes", { timeout: 30_000 }, async () => {
    const actual = readFileSync(absolute(file), "utf8");
    expect(actual, "run `npm run contracts:generate`").toBe(formatted(file, await source()));
  });
});
