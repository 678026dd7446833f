import { HttpProblem } from "./problem";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Reads a JSON request body under a byte limit (decisions §10). The declared Content-Length is checked
 * first, and the stream is counted as it arrives so a body without one cannot exceed the limit either.
 */
export async function readJsonBody(request: Request, limit: number, resource: string): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json" && !mediaType?.endsWith("+json")) {
    throw new HttpProblem(
      415,
      "request/unsupported-media-type",
      `Send the body as JSON with "Content-Type: application/json"${contentType ? `, not "${contentType}"` : ""}.`,
      { headers: { "Accept-Post": "application/json" } },
    );
  }
  const tooLarge = () =>
    new HttpProblem(413, "request/too-large", `The request body exceeds the limit of ${limit} bytes.`);
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") {
    throw new HttpProblem(
      400,
      `${resource}/invalid-request`,
      "The request body is empty; a JSON object is expected.",
      {
        errors: [{ path: "", message: "Expected a JSON body" }],
      },
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "invalid JSON";
    throw new HttpProblem(400, `${resource}/invalid-request`, "The request body is not valid JSON.", {
      errors: [{ path: "", message: `Malformed JSON: ${reason}` }],
    });
  }
}
