import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { products } from "@/lib/contracts";
import { listProducts } from "@/lib/domain/products/read";

export const GET = apiRoute(products.listProducts, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "product");
  const result = await listProducts(db, {
    storeId: params.storeId,
    sku: query.sku,
    externalId: query.external_id,
    q: query.q,
    ...page,
  });
  return json({ products: result.products }, { headers: await nextPageHeaders(db, result.next, filters) });
});
