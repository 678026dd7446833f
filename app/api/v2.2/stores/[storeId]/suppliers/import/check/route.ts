import { SUPPLIERS } from "@/lib/api/csv-import";
import { apiRoute, json } from "@/lib/api/route";
import { supplierImports } from "@/lib/contracts";

export const POST = apiRoute(supplierImports.checkSupplierImport, async ({ db, params, request }) =>
  json({ import: SUPPLIERS.check(await SUPPLIERS.read(db, params.storeId, request)) }),
);
