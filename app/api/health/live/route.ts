/**
 * GET /api/health/live: the process is up and its event loop answers. No database, no auth, nothing
 * secret (docs/operations.md, Health). Restart the process when this fails; readiness is /api/health/ready.
 */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "live" }, { headers: { "Cache-Control": "no-store" } });
}
