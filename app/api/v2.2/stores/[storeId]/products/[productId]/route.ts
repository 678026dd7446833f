import { apiRoute, json } from "@/lib/api/route";
import { products } from "@/lib/contracts";
import { getProduct } from "@/lib/domain/products/read";

export const GET = apiRoute(products.getProduct, async ({ db, params }) =>
  json({ product: await getProduct(db, params) }),
);
