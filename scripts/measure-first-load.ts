import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

/**
 * `npm run measure:first-load` (after `next build`): the JavaScript a browser downloads to show a page
 * for the first time, gzipped, per page. Next 16 no longer prints these sizes, so they are computed from
 * the build's manifests:
 *   - `rootMainFiles` of .next/build-manifest.json: the runtime, React and the router, on every page;
 *   - `entryJSFiles` of the page's client reference manifest: the chunks of the root layout, every
 *     nested layout and the page itself.
 * Each distinct file counts once, gzipped at the default level (what `next start` sends). Polyfills are
 * left out: they are `nomodule` scripts that current browsers do not download.
 *
 * Chunks that these files load later (dynamic `import()`, e.g. the virtual table while the first page of
 * data is fetched) are listed apart, found by the chunk paths the loaded files name.
 *
 * Options: `--page <app route>` (repeatable; default: the shipment and inventory pages), `--all` (every
 * staff page, i.e. every page under `app/(app)`, found from the build's client reference manifests, then a
 * summary table) and `--budget <KB>` (default 150), checked for every page measured: the command exits 1
 * when one is above it.
 */

type Manifest = { entryJSFiles?: Record<string, string[]> };

const DEFAULT_PAGES = [
  "/(app)/stores/[storeId]/shipments/page",
  "/(app)/stores/[storeId]/inventory/page",
  "/(app)/stores/[storeId]/inventory/[inventoryItemId]/page",
];

const STAFF_PAGES_ROOT = "/(app)";

function parseArgs(argv: string[]): { pages: string[]; all: boolean; budgetKb: number; dir: string } {
  const pages: string[] = [];
  let all = false;
  let budgetKb = 150;
  let dir = ".next";
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--all") {
      all = true;
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--page") pages.push(value);
    else if (flag === "--budget") budgetKb = Number(value);
    else if (flag === "--dir") dir = value;
    else throw new Error(`Unknown option ${flag}`);
    i++;
  }
  if (!Number.isFinite(budgetKb) || budgetKb <= 0) throw new Error("--budget needs a positive number of KB");
  return { pages: pages.length > 0 || all ? pages : DEFAULT_PAGES, all, budgetKb, dir };
}

/** Every staff page of the build (`/(app)/…/page`), from the client reference manifests' file names. */
export function staffPages(dir: string): string[] {
  const root = path.join(dir, "server", "app");
  const suffix = "_client-reference-manifest.js";
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === `page${suffix}`)
        found.push(`/${path.relative(root, full).slice(0, -suffix.length)}`);
    }
  };
  const appRoot = path.join(root, STAFF_PAGES_ROOT);
  if (!existsSync(appRoot)) throw new Error(`No staff pages in ${appRoot}: run \`next build\`.`);
  walk(appRoot);
  return found.map((page) => page.split(path.sep).join("/")).sort();
}

function readClientManifest(dir: string, page: string): Manifest {
  const file = path.join(dir, "server", "app", `${page}_client-reference-manifest.js`);
  if (!existsSync(file))
    throw new Error(`No client reference manifest for ${page} (${file}): run \`next build\`.`);
  // The manifest is a script assigning globalThis.__RSC_MANIFEST[page]; run it in an empty context.
  const context: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, Manifest> } = {};
  context.globalThis = context;
  runInNewContext(readFileSync(file, "utf8"), context);
  const manifest = context.__RSC_MANIFEST?.[page];
  if (!manifest) throw new Error(`${file} does not describe ${page}`);
  return manifest;
}

/** Every JS file the page loads first: the shared root files, then its layouts' and its own chunks. */
export function firstLoadFiles(dir: string, page: string): string[] {
  const build = JSON.parse(readFileSync(path.join(dir, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  const entries = readClientManifest(dir, page).entryJSFiles ?? {};
  const files = new Set(build.rootMainFiles);
  for (const chunks of Object.values(entries)) for (const chunk of chunks) files.add(chunk);
  return [...files];
}

/** Chunks named inside `files` (and inside those, and so on) but not among them: what dynamic imports fetch. */
export function laterFiles(dir: string, files: string[]): string[] {
  const seen = new Set(files);
  const later: string[] = [];
  const queue = [...files];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const text = readFileSync(path.join(dir, file), "utf8");
    for (const [chunk] of text.matchAll(/static\/chunks\/[\w.-]+\.js/g)) {
      if (seen.has(chunk) || !existsSync(path.join(dir, chunk))) continue;
      seen.add(chunk);
      later.push(chunk);
      queue.push(chunk);
    }
  }
  return later;
}

function measure(dir: string, files: string[]) {
  const sizes = files.map((file) => {
    const bytes = readFileSync(path.join(dir, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
  });
  return {
    sizes: sizes.sort((a, b) => b.gzip - a.gzip),
    raw: sizes.reduce((sum, s) => sum + s.raw, 0),
    gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
  };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const { budgetKb, dir } = args;
  const pages = [...new Set([...args.pages, ...(args.all ? staffPages(dir) : [])])];
  const summary: { page: string; gzip: number }[] = [];
  let overBudget = false;
  for (const page of pages) {
    const files = firstLoadFiles(dir, page);
    const { sizes, raw, gzip } = measure(dir, files);
    console.log(`\n${page}`);
    for (const s of sizes) console.log(`  ${kb(s.gzip).padStart(9)} gz  ${kb(s.raw).padStart(9)}  ${s.file}`);
    const later = measure(dir, laterFiles(dir, files));
    if (later.sizes.length > 0) {
      console.log("  Loaded later, on demand:");
      for (const s of later.sizes)
        console.log(`  ${kb(s.gzip).padStart(9)} gz  ${kb(s.raw).padStart(9)}  ${s.file}`);
    }
    const within = gzip / 1024 <= budgetKb;
    const verdict = within ? ` (budget ${budgetKb} KB: ok)` : "";
    console.log(`  First-load JS: ${kb(gzip)} gzipped (${kb(raw)} raw), ${sizes.length} files${verdict}`);
    if (later.sizes.length > 0) {
      console.log(`  Later chunks: ${kb(later.gzip)} gzipped, ${later.sizes.length} files`);
    }
    if (!within) {
      console.log(`  Over the budget of ${budgetKb} KB gzipped.`);
      overBudget = true;
    }
    summary.push({ page, gzip });
  }
  if (pages.length > 1) {
    console.log(`\nFirst-load JS, gzipped (budget ${budgetKb} KB):`);
    for (const { page, gzip } of summary)
      console.log(`  ${kb(gzip).padStart(9)}${gzip / 1024 > budgetKb ? " over" : "     "}  ${page}`);
  }
  if (overBudget) process.exitCode = 1;
}

main();
