import { PROBLEM_TYPE_PREFIX, problemBody } from "@/lib/api/problem";
import { requestIdFor } from "@/lib/api/request-id";
import { checkReadiness } from "@/lib/health/ready";

/**
 * GET /api/health/ready: 200 when this instance can serve (database reachable, migrations current,
 * dispatcher as configured, not shutting down), else 503 problem+json naming the checks that failed.
 * No auth and nothing secret; lib/health/ready.ts keeps it cheap enough to poll every second.
 */
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const { ready, checks } = await checkReadiness();
  const headers = { "Cache-Control": "no-store" };
  if (ready) return Response.json({ status: "ready", checks }, { headers });
  const failed = Object.entries(checks).filter(([, check]) => !check.ok);
  const requestId = requestIdFor(request);
  const body = {
    ...problemBody({
      type: `${PROBLEM_TYPE_PREFIX}health/not-ready`,
      status: 503,
      detail: `Not ready: ${failed.map(([name, check]) => `${name} ${check.detail}`).join("; ")}.`,
      requestId,
    }),
    checks,
  };
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { ...headers, "Content-Type": "application/problem+json", "X-Request-Id": requestId },
  });
}
