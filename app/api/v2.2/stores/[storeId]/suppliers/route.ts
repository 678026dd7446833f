import { apiRoute, json } from "@/lib/api/route";
import { suppliers } from "@/lib/contracts";
import { createSupplier, listSuppliers } from "@/lib/domain/suppliers/suppliers";

export const GET = apiRoute(suppliers.listSuppliers, async ({ db, params }) =>
  json({ suppliers: await listSuppliers(db, params.storeId) }),
);

export const POST = apiRoute(suppliers.createSupplier, async ({ db, params, body }) =>
  json({ supplier: await createSupplier(db, params.storeId, body.supplier) }, { status: 201 }),
);
