import { apiRoute, json } from "@/lib/api/route";
import { putaway } from "@/lib/contracts";
import { putawaySuggestions } from "@/lib/domain/bins/putaway";

export const GET = apiRoute(putaway.getPutawaySuggestion, async ({ db, params, query }) =>
  json({ suggestions: await putawaySuggestions(db, { ...params, locationId: query.location_id }) }),
);
