import { apiRoute, json } from "@/lib/api/route";
import { returnList } from "@/lib/contracts";
import { countReturnsByStatus } from "@/lib/domain/returns/list";
import { RETURN_STATUSES } from "@/lib/enums";

export const GET = apiRoute(returnList.countReturns, async ({ db, params, query }) => {
  const found = await countReturnsByStatus(db, {
    storeId: params.storeId,
    updatedAtMin: query.updated_at_min ? new Date(query.updated_at_min) : undefined,
    updatedAtMax: query.updated_at_max ? new Date(query.updated_at_max) : undefined,
    q: query.q,
  });
  const counts = Object.fromEntries(RETURN_STATUSES.map((status) => [status, found[status] ?? 0])) as Record<
    (typeof RETURN_STATUSES)[number],
    number
  >;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return json({ counts, total });
});
