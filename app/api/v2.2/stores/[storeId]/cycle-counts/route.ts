import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { cycleCounts } from "@/lib/contracts";
import { createCycleCount } from "@/lib/domain/cycle-counts/create";
import { listCycleCounts } from "@/lib/domain/cycle-counts/read";

export const GET = apiRoute(cycleCounts.listCycleCounts, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "cycle-count");
  const result = await listCycleCounts(db, {
    storeId: params.storeId,
    status: query.status,
    locationId: query.location_id,
    ...page,
  });
  return json({ cycle_counts: result.counts }, { headers: await nextPageHeaders(db, result.next, filters) });
});

export const POST = apiRoute(cycleCounts.createCycleCount, async ({ db, params, body, principal }) =>
  json(
    await createCycleCount(db, {
      storeId: params.storeId,
      request: body.cycle_count,
      actor: actorOf(principal),
    }),
    { status: 201 },
  ),
);
