import { createHash, timingSafeEqual } from "node:crypto";
import { readConfig } from "../config";
import { getDatabase } from "../db";
import { METRICS_CONTENT_TYPE, renderMetrics } from "../metrics/scrape";
import { errorToResponse, PROBLEM_TYPE_PREFIX, problemResponse } from "./problem";
import { requestIdFor } from "./request-id";

/**
 * GET /api/metrics (docs/operations.md "Metrics"): Prometheus text for a scraper holding
 * BACKROOM_METRICS_TOKEN. Unset, the endpoint does not exist (404), so a deployment that never configured
 * it exposes nothing. The metrics name no store or customer, but they tell traffic and backlog, which is
 * not for the public.
 */
export async function metricsResponse(request: Request): Promise<Response> {
  const requestId = requestIdFor(request);
  const token = readConfig().metricsToken;
  if (!token) {
    return problemResponse({
      type: `${PROBLEM_TYPE_PREFIX}request/not-found`,
      status: 404,
      detail: "Metrics are off: set BACKROOM_METRICS_TOKEN to serve them.",
      requestId,
    });
  }
  const presented = /^Bearer +(\S+) *$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!presented || !sameToken(presented, token)) {
    return problemResponse(
      {
        type: `${PROBLEM_TYPE_PREFIX}auth/unauthorized`,
        status: 401,
        detail: 'Send the metrics token as "Authorization: Bearer <BACKROOM_METRICS_TOKEN>".',
        requestId,
      },
      { "WWW-Authenticate": 'Bearer realm="backroom-metrics"' },
    );
  }
  try {
    const body = await renderMetrics(await getDatabase());
    return new Response(body, {
      headers: {
        "Content-Type": METRICS_CONTENT_TYPE,
        "Cache-Control": "no-store",
        "X-Request-Id": requestId,
      },
    });
  } catch (error) {
    return errorToResponse(error, requestId);
  }
}

/** Constant time whatever the lengths: both sides are hashed to 32 bytes before they are compared. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
