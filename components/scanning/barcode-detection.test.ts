import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { ZXING_WASM_SHA256, ZXING_WASM_VERSION } from "barcode-detector/ponyfill";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

describe("the decoder's WebAssembly", () => {
  // barcode-detection.ts serves zxing-wasm's file from our build; the ponyfill's glue code is compiled for one
  // exact build of it. An upgrade of either package alone would load a binary the glue cannot run.
  it("is the build the barcode-detector ponyfill was made for", () => {
    const wasm = require.resolve("zxing-wasm/reader/zxing_reader.wasm");
    expect(
      createHash("sha256").update(readFileSync(wasm)).digest("hex"),
      `zxing-wasm must be ${ZXING_WASM_VERSION}, the version barcode-detector bundles (package.json pins it)`,
    ).toBe(ZXING_WASM_SHA256);
  });
});
