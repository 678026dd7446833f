import { apiRoute, json } from "@/lib/api/route";
import { returnList } from "@/lib/contracts";
import { countReturnsByStatus, returnFiltersOf } from "@/lib/domain/returns/list";
import { RETURN_STATUSES } from "@/lib/enums";

export const GET = apiRoute(returnList.countReturns, async ({ db, params, query }) => {
  const found = await countReturnsByStatus(db, returnFiltersOf(params.storeId, query));
  const counts = Object.fromEntries(RETURN_STATUSES.map((status) => [status, found[status] ?? 0])) as Record<
    (typeof RETURN_STATUSES)[number],
    number
  >;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return json({ counts, total });
});
