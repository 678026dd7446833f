import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { FAKE_CAMERA_FRAME } from "./fake-camera";

/**
 * A camera's picture of a printed label, made from the label's PDF itself: pdf.js (`pdfjs-dist`, the renderer
 * Firefox uses) draws page 1 onto a canvas in a browser page, and its pixels become grey levels for the fake
 * camera (e2e/support/fake-camera.ts). Nothing is re-encoded from the code, so a scan of the frame proves the
 * PDF's barcode itself reads.
 */

/** A made-up origin: the blank page and pdf.js's files are answered by page.route, never fetched. */
const ORIGIN = "https://pdf-render.invalid";
/** Light around the label, as if it lay on a white bench in the middle of the picture. */
const MARGIN = 0.06;

type PdfJs = typeof import("pdfjs-dist");

function pdfjsFile(name: string): Buffer {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve(`pdfjs-dist/legacy/build/${name}`));
}

/**
 * Renders page 1 of `pdf` as large as it fits the camera's frame less a margin, centred on white, and returns
 * the frame's luma (ITU-R BT.601 weights), FAKE_CAMERA_FRAME's width × height bytes.
 */
export async function pdfPageAsCameraFrame(page: Page, pdf: Buffer): Promise<Uint8Array> {
  const files: Record<string, { body: Buffer; contentType: string }> = {
    "/": { body: Buffer.from("<!doctype html><title>PDF</title>"), contentType: "text/html" },
    "/pdf.mjs": { body: pdfjsFile("pdf.min.mjs"), contentType: "text/javascript" },
    "/pdf.worker.mjs": { body: pdfjsFile("pdf.worker.min.mjs"), contentType: "text/javascript" },
    "/label.pdf": { body: pdf, contentType: "application/pdf" },
  };
  await page.route(`${ORIGIN}/**`, (route) => {
    const file = files[new URL(route.request().url()).pathname];
    return file ? route.fulfill({ body: file.body, contentType: file.contentType }) : route.abort();
  });
  await page.goto(`${ORIGIN}/`);
  const base64 = await page.evaluate(
    async ({ width, height, margin }) => {
      // The worker's script, imported here, sets globalThis.pdfjsWorker: pdf.js then parses on this thread.
      // (Module paths in variables: they are this made-up origin's, not modules TypeScript could resolve.)
      const [workerUrl, pdfjsUrl] = ["/pdf.worker.mjs", "/pdf.mjs"];
      await import(workerUrl);
      const pdfjs = (await import(pdfjsUrl)) as PdfJs;
      const doc = await pdfjs.getDocument({ url: "/label.pdf" }).promise;
      const first = await doc.getPage(1);
      const natural = first.getViewport({ scale: 1 });
      const scale = Math.min(
        (width * (1 - 2 * margin)) / natural.width,
        (height * (1 - 2 * margin)) / natural.height,
      );
      const viewport = first.getViewport({ scale });
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2D canvas");
      context.fillStyle = "#fff";
      context.fillRect(0, 0, width, height);
      const left = Math.round((width - viewport.width) / 2);
      const top = Math.round((height - viewport.height) / 2);
      await first.render({ canvasContext: context, viewport, transform: [1, 0, 0, 1, left, top] }).promise;
      const rgba = context.getImageData(0, 0, width, height).data;
      let binary = "";
      for (let i = 0; i < rgba.length; i += 4) {
        const luma = 0.299 * (rgba[i] ?? 255) + 0.587 * (rgba[i + 1] ?? 255) + 0.114 * (rgba[i + 2] ?? 255);
        binary += String.fromCharCode(Math.round(luma));
      }
      return btoa(binary);
    },
    { ...FAKE_CAMERA_FRAME, margin: MARGIN },
  );
  return new Uint8Array(Buffer.from(base64, "base64"));
}
