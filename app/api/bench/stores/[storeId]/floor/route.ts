import { sql } from "drizzle-orm";
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { defineContract, storeParams } from "@/lib/contracts/contract";
import { executePrepared } from "@/lib/db/prepared";

/**
 * Benchmark floor (npm run bench:api), only with BACKROOM_BENCH=1: the list route's whole path (the API
 * wrapper with Bearer auth, store scoping and zod parsing, then one prepared statement whose text is
 * passed through) returning a body of the requested size that PostgreSQL makes with `repeat`. It is what
 * any request that reads the database costs here, whatever its query, so list/constant cannot beat
 * floor/constant.
 */
// Not an operation of the API (not in lib/contracts, so not in the OpenAPI document or the registry).
const benchFloor = defineContract({
  method: "get",
  path: "/bench/stores/{storeId}/floor",
  operationId: "benchFloor",
  summary: "Benchmark floor",
  tag: "Bench",
  resource: "inbound-shipment",
  access: "read",
  params: storeParams,
  query: z.object({
    bytes: z.coerce.number().int().min(16).max(10_000_000),
    // db=0: the wrapper alone (auth, scoping, parsing) with the body made here, to split the floor in two.
    db: z.enum(["0", "1"]).default("1"),
  }),
  responses: { 200: { description: "A body of the requested size." } },
  errors: [],
});

const inner = apiRoute(benchFloor, async ({ db, query }) => {
  if (query.db === "0") {
    return new Response(`{"padding":"${"x".repeat(query.bytes - 15)}"}`, {
      headers: { "Content-Type": "application/json" },
    });
  }
  const [row] = await executePrepared<{ body: string }>(
    db,
    sql`select '{"padding":"' || repeat('x', ${query.bytes - 15}::int) || '"}' as body`,
  );
  return new Response(row?.body ?? "{}", { headers: { "Content-Type": "application/json" } });
});

export const GET: typeof inner = (request, context) =>
  readConfig().benchRoutes
    ? inner(request, context)
    : Promise.resolve(new Response("Not Found", { status: 404 }));
