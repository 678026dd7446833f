import { apiRoute, json } from "@/lib/api/route";
import { products } from "@/lib/contracts";
import { bulkUploadProducts } from "@/lib/domain/products/bulk-upload";

export const POST = apiRoute(products.bulkUploadProducts, async ({ db, params, body }) => {
  const { changes: _changes, ...result } = await bulkUploadProducts(db, params.storeId, body.products);
  return json(result);
});
