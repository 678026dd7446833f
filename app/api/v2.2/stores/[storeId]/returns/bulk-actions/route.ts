import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { returnList } from "@/lib/contracts";
import { resolveBulkFilter, runBulkReturnAction } from "@/lib/domain/returns/bulk";

export const POST = apiRoute(returnList.bulkReturnActions, async ({ db, params, body, principal }) => {
  const { filter } = body;
  const returnIds = filter
    ? await resolveBulkFilter(db, {
        storeId: params.storeId,
        status: filter.status,
        updatedAtMin: filter.updated_at_min ? new Date(filter.updated_at_min) : undefined,
        updatedAtMax: filter.updated_at_max ? new Date(filter.updated_at_max) : undefined,
        q: filter.q,
      })
    : (body.return_ids ?? []);
  const results = await runBulkReturnAction(db, {
    storeId: params.storeId,
    actor: actorOf(principal),
    action: body.action,
    status: body.status,
    customerNotes: body.customerNotes,
    returnIds,
  });
  const succeeded = results.filter((result) => result.ok).length;
  return json({ results, succeeded, failed: results.length - succeeded });
});
