import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { inboundReceipts } from "@/lib/contracts";
import { listSubjectEvents } from "@/lib/domain/events/subject-events";

export const GET = apiRoute(inboundReceipts.listInboundShipmentEvents, async ({ db, params, headers }) => {
  const filters = { inboundShipmentId: params.inboundShipmentId };
  const page = await readPage(db, headers, filters, "inbound-shipment");
  const result = await listSubjectEvents(db, {
    storeId: params.storeId,
    topic: "inbound_shipment",
    subjectId: params.inboundShipmentId,
    ...page,
  });
  return json({ events: result.events }, { headers: await nextPageHeaders(db, result.next, filters) });
});
