import { requestIdFor } from "@/lib/api/request-id";
import { openApiDocument } from "@/lib/openapi/build";

/** The OpenAPI 3.1 document (version 2.2.1), generated from the zod schemas the routes validate with. */
export async function GET(request: Request): Promise<Response> {
  return Response.json(openApiDocument(), {
    headers: { "Cache-Control": "public, max-age=300", "X-Request-Id": requestIdFor(request) },
  });
}
