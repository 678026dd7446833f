import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { labels } from "@/lib/contracts";
import { listLabelPrints } from "@/lib/domain/labels/prints";

export const GET = apiRoute(labels.listLabelPrints, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "label");
  const result = await listLabelPrints(db, {
    storeId: params.storeId,
    subjectType: query.subject_type,
    subjectId: query.subject_id,
    ...page,
  });
  return json({ prints: result.prints }, { headers: await nextPageHeaders(db, result.next, filters) });
});
