import { apiRoute, json } from "@/lib/api/route";
import { overview } from "@/lib/contracts";
import { getStoreOverview } from "@/lib/domain/overview/get";

export const GET = apiRoute(overview.getStoreOverview, async ({ db, params }) =>
  json({ overview: await getStoreOverview(db, params.storeId) }),
);
