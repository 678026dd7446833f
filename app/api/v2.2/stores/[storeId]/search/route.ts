import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { search } from "@/lib/contracts";
import { findByCode } from "@/lib/domain/search/find-by-code";

export const GET = apiRoute(search.searchStore, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, q: query.q, match: query.match };
  const page = await readPage(db, headers, filters, "search");
  const result = await findByCode(db, { storeId: params.storeId, q: query.q, match: query.match, ...page });
  return json({ results: result.results }, { headers: await nextPageHeaders(db, result.next, filters) });
});
