import { apiRoute, json } from "@/lib/api/route";
import { bins } from "@/lib/contracts";
import { createBin, listBins } from "@/lib/domain/bins/bins";

export const GET = apiRoute(bins.listBins, async ({ db, params, query }) =>
  json({ bins: await listBins(db, { ...params, includeArchived: query.include_archived === "true" }) }),
);

export const POST = apiRoute(bins.createBin, async ({ db, params, body }) =>
  json({ bin: await createBin(db, params, body.bin) }, { status: 201 }),
);
