import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { inventoryLevels } from "@/lib/contracts";
import { listInventoryMovements, movementFilters } from "@/lib/domain/inventory-levels/ledger";
import { applyInventoryMovements, changesFromRequest } from "@/lib/domain/inventory-levels/movements";

export const GET = apiRoute(
  inventoryLevels.listInventoryMovements,
  async ({ db, params, query, headers }) => {
    const filters = { storeId: params.storeId, ...query };
    const page = await readPage(db, headers, filters, "inventory-movement");
    const result = await listInventoryMovements(db, { ...movementFilters(params.storeId, query), ...page });
    return json(
      { inventory_movements: result.movements },
      { headers: await nextPageHeaders(db, result.next, filters) },
    );
  },
);

export const POST = apiRoute(
  inventoryLevels.createInventoryMovements,
  async ({ db, params, body, principal, request }) => {
    const result = await applyInventoryMovements(db, {
      storeId: params.storeId,
      changes: changesFromRequest(body.movements),
      source: { type: "adjustment" },
      actor: actorOf(principal),
      idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
    });
    return json({ inventory_movements: result.movements, inventory_levels: result.levels }, { status: 201 });
  },
);
