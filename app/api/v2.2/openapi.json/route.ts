import { requestIdFor } from "@/lib/api/request-id";
import { openApiDocumentText } from "@/lib/openapi/build";

/**
 * The OpenAPI 3.1 document (version 2.2.1), generated from the operations' zod schemas once per process and
 * served from memory.
 */
export async function GET(request: Request): Promise<Response> {
  return new Response(openApiDocumentText(), {
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "public, max-age=300",
      "X-Request-Id": requestIdFor(request),
    },
  });
}
