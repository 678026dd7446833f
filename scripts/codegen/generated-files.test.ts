import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { absolute, formatted, GENERATED_FILES } from "./generated-files";

describe.each(GENERATED_FILES)("$file", ({ file, source }) => {
  it("is what `npm run contracts:generate` writes", async () => {
    const actual = readFileSync(absolute(file), "utf8");
    expect(actual, "run `npm run contracts:generate`").toBe(formatted(file, await source()));
  });
});
