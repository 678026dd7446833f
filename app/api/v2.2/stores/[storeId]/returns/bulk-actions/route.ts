import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { returnList } from "@/lib/contracts";
import { resolveBulkFilter, runBulkReturnAction } from "@/lib/domain/returns/bulk";
import { returnFiltersOf } from "@/lib/domain/returns/list";

export const POST = apiRoute(returnList.bulkReturnActions, async ({ db, params, body, principal }) => {
  const { filter } = body;
  const returnIds = filter
    ? await resolveBulkFilter(db, returnFiltersOf(params.storeId, filter))
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
