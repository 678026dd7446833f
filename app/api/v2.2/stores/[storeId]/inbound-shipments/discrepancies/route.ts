import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { inboundReceipts } from "@/lib/contracts";
import { discrepancyFilters, listDiscrepancies } from "@/lib/domain/inbound-shipments/discrepancies";

export const GET = apiRoute(
  inboundReceipts.listInboundShipmentDiscrepancies,
  async ({ db, params, query, headers }) => {
    const filters = { storeId: params.storeId, ...query };
    const page = await readPage(db, headers, filters, "inbound-shipment");
    const result = await listDiscrepancies(db, { ...discrepancyFilters(params.storeId, query), ...page });
    return json(
      { discrepancies: result.discrepancies },
      { headers: await nextPageHeaders(db, result.next, filters) },
    );
  },
);
