import { apiRoute, json } from "@/lib/api/route";
import { suppliers } from "@/lib/contracts";
import { deleteSupplier, getSupplier, updateSupplier } from "@/lib/domain/suppliers/suppliers";

export const GET = apiRoute(suppliers.getSupplier, async ({ db, params }) =>
  json({ supplier: await getSupplier(db, params) }),
);

export const PATCH = apiRoute(suppliers.updateSupplier, async ({ db, params, body }) =>
  json({ supplier: await updateSupplier(db, params, body.supplier) }),
);

export const DELETE = apiRoute(suppliers.deleteSupplier, async ({ db, params }) => {
  await deleteSupplier(db, params);
  return new Response(null, { status: 204 });
});
