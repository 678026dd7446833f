import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { supplierClaims } from "@/lib/contracts";
import { listSupplierClaims } from "@/lib/domain/suppliers/claim-read";

export const GET = apiRoute(supplierClaims.listSupplierClaims, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "supplier-claim");
  const result = await listSupplierClaims(db, { ...filters, ...page });
  return json(
    { supplier_claims: result.claims },
    { headers: await nextPageHeaders(db, result.next, filters) },
  );
});
