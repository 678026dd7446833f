import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { bins } from "@/lib/contracts";
import { moveBinStock } from "@/lib/domain/bins/bin-stock";

export const POST = apiRoute(bins.moveInventoryItemBinStock, async ({ db, params, body, principal }) =>
  json(await moveBinStock(db, { ...params, move: body.move, actor: actorOf(principal) }), { status: 201 }),
);
