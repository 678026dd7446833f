import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { returnTimeline } from "@/lib/contracts";
import { listReturnTimeline } from "@/lib/domain/returns/timeline";

export const GET = apiRoute(returnTimeline.getReturnTimeline, async ({ db, params, headers, storeIds }) => {
  const filters = { returnId: params.returnId };
  const page = await readPage(db, headers, filters, "return");
  const result = await listReturnTimeline(db, { returnId: params.returnId, storeIds, ...page });
  return json({ entries: result.entries }, { headers: await nextPageHeaders(db, result.next, filters) });
});
