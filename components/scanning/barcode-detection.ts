/**
 * The decoder behind the camera scanner, loaded only when a camera dialog opens (a dynamic import), never with
 * a page: the browser's own BarcodeDetector where it reads every format the dock needs, else the
 * `barcode-detector` ponyfill over ZXing's WebAssembly build. The WebAssembly file is served by this app, from
 * the build's static files (the bundler copies it, hashed, from the zxing-wasm package): the ponyfill's default
 * would fetch it from a CDN at run time, which the Content-Security-Policy (connect-src 'self') refuses and a
 * dock without internet access could not reach. docs/scanning.md.
 */

import type { BarcodeFormat, DetectedBarcode } from "barcode-detector/ponyfill";

/** What the dock scans: retail codes on units, Code 128/39 and ITF on cartons, QR and DataMatrix labels. */
export const SCAN_FORMATS = [
  "upc_a",
  "upc_e",
  "ean_13",
  "ean_8",
  "code_128",
  "code_39",
  "itf",
  "qr_code",
  "data_matrix",
] as const satisfies readonly BarcodeFormat[];

export type Detection = Pick<DetectedBarcode, "rawValue" | "format" | "cornerPoints">;

export type Detector = {
  /** "native": the browser's BarcodeDetector; "wasm": the ponyfill over ZXing. */
  engine: "native" | "wasm";
  detect: (source: HTMLVideoElement) => Promise<Detection[]>;
};

type DetectorClass = {
  new (options: { formats: string[] }): { detect: (source: HTMLVideoElement) => Promise<Detection[]> };
  getSupportedFormats: () => Promise<readonly string[]>;
};

/** The browser's own detector, when it reads every format of SCAN_FORMATS (Chrome on Android and macOS). */
async function nativeDetector(): Promise<Detector | null> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!native) return null;
  try {
    const supported = new Set(await native.getSupportedFormats());
    if (!SCAN_FORMATS.every((format) => supported.has(format))) return null;
    const detector = new native({ formats: [...SCAN_FORMATS] });
    return { engine: "native", detect: (source) => detector.detect(source) };
  } catch {
    return null;
  }
}

/** The ponyfill, its WebAssembly fetched from this app and compiled before the first frame is read. */
async function wasmDetector(): Promise<Detector> {
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  const wasmUrl = new URL("zxing-wasm/reader/zxing_reader.wasm", import.meta.url).href;
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  const detector = new BarcodeDetector({ formats: [...SCAN_FORMATS] });
  return { engine: "wasm", detect: (source) => detector.detect(source) };
}

/** The detector to scan with: the native one when it can, else the WebAssembly one. */
export async function createDetector(): Promise<Detector> {
  return (await nativeDetector()) ?? (await wasmDetector());
}
