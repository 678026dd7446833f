import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { inboundReceipts } from "@/lib/contracts";
import { listReceipts } from "@/lib/domain/inbound-shipments/receipts";
import { createReceipt } from "@/lib/domain/inbound-shipments/receive";
import { prefersMinimal } from "@/lib/schemas/inbound-receipts";

export const POST = apiRoute(
  inboundReceipts.createInboundReceipt,
  async ({ db, params, body, headers, principal, request }) => {
    const minimal = prefersMinimal(headers.prefer);
    const result = await createReceipt(
      db,
      {
        storeId: params.storeId,
        publicUrl: readConfig().publicUrl,
        actor: actorOf(principal),
        idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
        minimal,
      },
      params.inboundShipmentId,
      body.receipt,
    );
    return json(
      { receipt: result.receipt, inbound_shipment: result.inboundShipment },
      { status: 201, headers: minimal ? { "Preference-Applied": "return=minimal" } : undefined },
    );
  },
);

export const GET = apiRoute(inboundReceipts.listInboundReceipts, async ({ db, params, headers }) => {
  const filters = { inboundShipmentId: params.inboundShipmentId };
  const page = await readPage(db, headers, filters, "inbound-receipt");
  const result = await listReceipts(db, {
    publicUrl: readConfig().publicUrl,
    shipmentId: params.inboundShipmentId,
    ...page,
  });
  return json({ receipts: result.receipts }, { headers: await nextPageHeaders(db, result.next, filters) });
});
