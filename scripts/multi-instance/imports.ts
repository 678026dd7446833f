import { type Auth, call, type Instance, RawBody } from "./api";
import type { Checker } from "./database";

/**
 * One shipments CSV sent to both instances at the same moment (docs/csv.md "Import", at once): the import is
 * retry-safe by `shipment_id` across instances, so each reference ends as one shipment, one import creating
 * the file's shipments and the other answering that it found them unchanged. A 1-line file is raced a few
 * times (where a read-then-insert most often lost) and then a longer one.
 */

type Summary = { created: number; updated: number; unchanged: number; lines: number };

export type ImportRaceResult = { rounds: number; shipments: number; summaries: string[] };

/** The `done` summary of an import's NDJSON answer; anything else fails the run. */
function summaryOf(instance: Instance, status: number, body: unknown): Summary {
  // An answer of one line (the summary alone) was parsed as JSON by `call`.
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const lines = text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { type: string; summary?: Summary; detail?: string });
  const done = lines.find((line) => line.type === "done")?.summary;
  if (status !== 200 || !done) {
    throw new Error(`import on ${instance.name}: HTTP ${status} ${text.slice(0, 500)}`);
  }
  return done;
}

async function race(
  input: { instances: [Instance, Instance]; staff: Auth; storeId: string; checker: Checker },
  prefix: string,
  file: string,
  shipments: number,
): Promise<string> {
  const route = `/stores/${input.storeId}/inbound-shipments/import`;
  const body = new RawBody("text/csv", file);
  const answers = await Promise.all(
    input.instances.map((instance) => call(instance, "POST", route, input.staff, body)),
  );
  const summaries = answers.map((answer, i) =>
    summaryOf(input.instances[i] as Instance, answer.status, answer.body),
  );
  const stored = await input.checker.shipmentsNamed(input.storeId, prefix);
  if (stored.shipments !== shipments || stored.references !== shipments) {
    throw new Error(
      `${prefix}: ${shipments} references imported twice at once made ${stored.shipments} shipments`,
    );
  }
  const [first, second] = summaries.sort((a, b) => b.created - a.created) as [Summary, Summary];
  if (first.created !== shipments || second.created !== 0 || second.unchanged !== shipments) {
    throw new Error(`${prefix}: the two imports answered ${JSON.stringify(summaries)}`);
  }
  return `${first.created} created + ${second.unchanged} unchanged`;
}

export async function checkConcurrentImports(input: {
  instances: [Instance, Instance];
  staff: Auth;
  storeId: string;
  locationId: string;
  sku: string;
  checker: Checker;
}): Promise<ImportRaceResult> {
  const header = "shipment_id,location,sku,quantity";
  const summaries: string[] = [];
  const rounds = 5;
  for (let round = 0; round < rounds; round++) {
    const prefix = `MI-IMPORT-ONE-${round}`;
    const file = `${header}\n${prefix},${input.locationId},${input.sku},1\n`;
    summaries.push(await race(input, prefix, file, 1));
  }
  const shipments = 100;
  const rows = Array.from(
    { length: shipments },
    (_, i) => `MI-IMPORT-MANY-${i},${input.locationId},${input.sku},${i + 1}`,
  );
  summaries.push(await race(input, "MI-IMPORT-MANY-", `${header}\n${rows.join("\n")}\n`, shipments));
  return { rounds: rounds + 1, shipments: rounds + shipments, summaries };
}
