import { z } from "zod";
import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { listInboundShipmentsJson } from "@/lib/domain/inbound-shipments/list";
import { listInboundShipmentsQuerySchema } from "@/lib/schemas/inbound-shipments";
import { pageHeadersSchema } from "@/lib/schemas/paging";

export const GET = apiRoute(
  {
    resource: "inbound-shipment",
    access: "read",
    params: z.object({ storeId: z.string() }),
    query: listInboundShipmentsQuerySchema,
    headers: pageHeadersSchema,
  },
  async ({ db, params, query, headers }) => {
    const filters = { storeId: params.storeId, ...query };
    const page = await readPage(db, headers, filters, "inbound-shipment");
    const result = await listInboundShipmentsJson(db, {
      publicUrl: readConfig().publicUrl,
      storeId: params.storeId,
      status: query.status,
      locationId: query.location_id,
      createdAtMin: query.created_at_min ? new Date(query.created_at_min) : undefined,
      createdAtMax: query.created_at_max ? new Date(query.created_at_max) : undefined,
      ...page,
    });
    // The page's JSON comes rendered by the database; only the wrapper is added here.
    return new Response(`{"inbound_shipments":${result.json}}`, {
      headers: { "Content-Type": "application/json", ...(await nextPageHeaders(db, result.next, filters)) },
    });
  },
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
