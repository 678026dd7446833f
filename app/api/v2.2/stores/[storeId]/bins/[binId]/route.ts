import { apiRoute, json } from "@/lib/api/route";
import { bins } from "@/lib/contracts";
import { getBin, updateBin } from "@/lib/domain/bins/bins";

export const GET = apiRoute(bins.getBin, async ({ db, params }) =>
  json({ bin: await getBin(db, params.storeId, params.binId) }),
);

export const PATCH = apiRoute(bins.updateBin, async ({ db, params, body }) =>
  json({ bin: await updateBin(db, params, body.bin) }),
);
