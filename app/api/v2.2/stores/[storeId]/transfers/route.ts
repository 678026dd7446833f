import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { transfers } from "@/lib/contracts";
import { listTransfers } from "@/lib/domain/transfers/read";
import { createTransfer } from "@/lib/domain/transfers/write";

export const GET = apiRoute(transfers.listTransfers, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "transfer");
  const result = await listTransfers(db, { ...filters, ...page });
  return json({ transfers: result.transfers }, { headers: await nextPageHeaders(db, result.next, filters) });
});

export const POST = apiRoute(transfers.createTransfer, async ({ db, params, body, principal }) =>
  json(
    {
      transfer: await createTransfer(
        db,
        { storeId: params.storeId, actor: actorOf(principal) },
        body.transfer,
      ),
    },
    { status: 201 },
  ),
);
