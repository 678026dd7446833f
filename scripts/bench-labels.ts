import os from "node:os";
import { performance } from "node:perf_hooks";
import { newId } from "../lib/ids";
import { type Label, renderLabelsPdf, renderLabelsZpl } from "../lib/labels";

/**
 * `npm run bench:labels`: drawing the labels of a 500-line inbound shipment (docs/labels.md), one label per line
 * coded with its line id as the print operation makes them, in every format and size: time (median and worst of
 * BENCH_RUNS runs after one warm-up) and file size. Drawing only: the operation's database part is one select of
 * the lines and one insert of the print record, done before drawing starts (lib/domain/labels/print.ts).
 */

const LINES = Number(process.env.BENCH_LINES ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const labels: Label[] = Array.from({ length: LINES }, (_, n) => ({
  code: newId("shipmentItem"),
  title: `Trail Tee ${n + 1} - Forest`,
  lines: [
    `M / Forest`,
    `SKU TEE-FOR-M-${String(n).padStart(4, "0")}`,
    "Shipment PO-2026-1142",
    `${(n % 48) + 1} expected`,
  ],
}));

async function measure(name: string, draw: () => Promise<Uint8Array | string>) {
  await draw();
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const file = await draw();
    times.push(performance.now() - start);
    bytes = typeof file === "string" ? Buffer.byteLength(file) : file.byteLength;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const worst = times.at(-1) ?? 0;
  console.log(
    `| ${name} | ${median.toFixed(0)} ms | ${worst.toFixed(0)} ms | ${(bytes / 1024).toFixed(0)} KB | ${(bytes / LINES / 1024).toFixed(2)} KB |`,
  );
}

async function main() {
  console.log(
    `${LINES} labels, ${RUNS} runs; ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log("| Format | median | worst | file | per label |\n|---|---|---|---|---|");
  await measure("PDF 4x6 in", () => renderLabelsPdf(labels, "4x6"));
  await measure("PDF 2x1 in", () => renderLabelsPdf(labels, "2x1"));
  await measure("PDF Letter sheets", () => renderLabelsPdf(labels, "letter"));
  await measure("PDF A4 sheets", () => renderLabelsPdf(labels, "a4"));
  await measure("ZPL 4x6 in", async () => renderLabelsZpl(labels, "4x6"));
  await measure("ZPL 2x1 in", async () => renderLabelsZpl(labels, "2x1"));
}

await main();
