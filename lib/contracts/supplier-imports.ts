import { defineCsvCheckContract, defineCsvImportContract } from "./contract";

/**
 * Suppliers from CSV (docs/suppliers.md, docs/csv.md "Import"): the check and the import, as the other CSV
 * imports. Backroom extensions.
 */

const SUPPLIER_FILE =
  "CSV (UTF-8, comma-separated, header row) with one supplier a row. Columns: `name` and `email` (required: " +
  "where claims go), `code` (optional, the merchant's own code). A row matches a supplier of the store by its " +
  "code when the store has it (whatever its case), else by its name (whatever its case), and updates its name, " +
  "e-mail and code (an empty code keeps the stored one); any other row creates a supplier. A name or code twice " +
  "in the file, or a row whose code is one supplier's and whose name another's, is an error. Other columns are " +
  "ignored. Up to 200,000 lines.";

export const checkSupplierImport = defineCsvCheckContract({
  path: "/stores/{storeId}/suppliers/import/check",
  operationId: "checkSupplierImport",
  resource: "supplier",
  summary: "Check a suppliers CSV",
  description:
    "Reads and checks the file without writing anything: how many suppliers it would create, update or leave " +
    "unchanged, every problem with its line and column (a bad e-mail, a name or code repeated, a code and a " +
    "name of two different suppliers) and the first 20 lines. Editors and admins. Backroom extension.",
  tag: "Suppliers",
  file: SUPPLIER_FILE,
});

export const importSuppliers = defineCsvImportContract({
  path: "/stores/{storeId}/suppliers/import",
  operationId: "importSuppliers",
  resource: "supplier",
  summary: "Import suppliers from CSV",
  description:
    "Checks the file as Check a suppliers CSV does; any problem is a 400 `supplier/invalid-request` whose " +
    "`errors` name `lines.<line>.<column>`, and nothing is written. Otherwise the suppliers are created and " +
    "updated in one transaction, and the answer streams `application/x-ndjson`: `progress` lines, then one " +
    "`done` line with the summary, or one `error` line if the write failed (then nothing was written). " +
    "Re-importing a file changes nothing. Editors and admins. Backroom extension.",
  tag: "Suppliers",
  file: SUPPLIER_FILE,
});
