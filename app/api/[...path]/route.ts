import { errorToResponse, HttpProblem } from "@/lib/api/problem";
import { requestIdFor } from "@/lib/api/request-id";

/**
 * Any path under /api that no route serves (an unknown operation under /api/v2.2, a mistyped version such
 * as /api/V2.2 or /api/v2): a problem+json 404 rather than the app's HTML page.
 */
async function notFound(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  return errorToResponse(
    new HttpProblem(404, "request/not-found", `No operation is served at ${request.method} ${path}.`),
    requestIdFor(request),
  );
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
