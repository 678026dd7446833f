import { z } from "zod";
import { defineCsvCheckContract, defineCsvImportContract } from "./contract";

/**
 * Bins from CSV (docs/bins.md, docs/csv.md "Import"): the check and the import, as the other CSV imports.
 * Backroom extensions.
 */

const BIN_FILE =
  "CSV (UTF-8, comma-separated, header row) with one bin a row. Columns: `code` (required; 1 to 40 printable " +
  "ASCII characters), `location` (the location's name or id; required unless the request's `location_id` names " +
  "the location for rows without one), `zone` and `capacity` (a whole number of units, 1 or more; empty: no " +
  "limit). A code the location has (whatever its case, archived bins too) updates that bin's zone and capacity; " +
  "a code twice in the file for one location is an error. Other columns are ignored. Up to 200,000 lines.";

const query = z.strictObject({
  location_id: z
    .string()
    .max(64)
    .regex(/^loc_[0-9A-Za-z]{1,60}$/, "Expected a location id starting with loc_.")
    .optional()
    .meta({ description: "The location of rows without a `location` cell (a location's own import)." }),
});

export const checkBinImport = defineCsvCheckContract({
  path: "/stores/{storeId}/bins/import/check",
  operationId: "checkBinImport",
  resource: "bin",
  summary: "Check a bins CSV",
  description:
    "Reads and checks the file without writing anything: how many bins it would create, update or leave " +
    "unchanged, every problem with its line and column (an unknown or archived location, a bad code or " +
    "capacity, a code repeated for one location) and the first 20 lines. Editors and admins. Backroom extension.",
  tag: "Bins",
  query,
  file: BIN_FILE,
});

export const importBins = defineCsvImportContract({
  path: "/stores/{storeId}/bins/import",
  operationId: "importBins",
  resource: "bin",
  summary: "Import bins from CSV",
  description:
    "Checks the file as Check a bins CSV does; any problem is a 400 `bin/invalid-request` whose `errors` name " +
    "`lines.<line>.<column>`, and nothing is written. Otherwise the bins are created and updated in one " +
    "transaction, and the answer streams `application/x-ndjson`: `progress` lines (`done` of `total` bins " +
    "written), then one `done` line with the summary, or one `error` line if the write failed (then nothing " +
    "was written). Re-importing a file changes nothing. Editors and admins. Backroom extension.",
  tag: "Bins",
  query,
  file: BIN_FILE,
});
