import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { buildOpenApiDocument } from "../openapi/build";
import { checkAgainstPublished } from "./published-schema";

type JsonObject = Record<string, unknown>;
/** An operation of our document, with the pattern its path template matches. */
type Route = { method: string; path: string; pattern: RegExp; operation: JsonObject; literals: number };
type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/**
 * Checks API responses against the OpenAPI document the server serves: for the operation matching the
 * method and path, the documented schema of the response status must accept the body. Route tests run
 * every response through this (lib/testing/api.ts), so the document and the handlers cannot drift apart.
 * Operations the real service also publishes are then held to its package's schemas too (./published-schema).
 */
class OpenApiValidator {
  private readonly document = buildOpenApiDocument();
  private readonly ajv: Ajv2020;
  private readonly routes: Route[] = [];
  private readonly cache = new Map<string, Validate>();

  constructor() {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(this.ajv);
    const components = (this.document.components as JsonObject).schemas as Record<string, JsonObject>;
    // The components live in one schema document; operation schemas refer into it by URI.
    this.ajv.addSchema({ $id: "openapi.json", components: { schemas: components } });
    for (const [path, item] of Object.entries(
      this.document.paths as Record<string, Record<string, JsonObject>>,
    )) {
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
      for (const [method, operation] of Object.entries(item))
        this.routes.push({
          method,
          path,
          pattern,
          operation,
          literals: path.split("/").filter((p) => p && !p.startsWith("{")).length,
        });
    }
    // A literal segment wins over a parameter, as in the router (`…/export` before `…/{id}`).
    this.routes.sort((a, b) => b.literals - a.literals);
  }

  /**
   * Returns a description of what is wrong, or undefined when the response matches our document and, for an
   * operation the real service publishes, its package's schema too.
   */
  check(
    method: string,
    path: string,
    status: number,
    contentType: string | null,
    body: unknown,
  ): string | undefined {
    const pathname = path.split("?")[0] ?? path;
    const route = this.routes.find((r) => r.method === method.toLowerCase() && r.pattern.test(pathname));
    if (!route) return undefined;
    // An answer is held to the package's operation of the same method and path template only (our
    // `…/export` is not the package's `…/{inboundShipmentId}`).
    return (
      this.checkOwnDocument(route, method, pathname, status, contentType, body) ??
      checkAgainstPublished(method, route.path, status, contentType, body)
    );
  }

  private checkOwnDocument(
    route: Route,
    method: string,
    pathname: string,
    status: number,
    contentType: string | null,
    body: unknown,
  ): string | undefined {
    const responses = route.operation.responses as Record<string, JsonObject>;
    const documented = responses[String(status)] ?? responses.default;
    if (!documented) return `status ${status} is not documented for ${method} ${pathname}`;
    const content = documented.content as Record<string, { schema: JsonObject }> | undefined;
    if (!content)
      return body === undefined || body === "" ? undefined : `status ${status} should have no body`;
    const mediaType = (contentType ?? "").split(";")[0]?.trim() ?? "";
    // A documented range (`image/*`) covers its types; a binary body is checked by its type alone.
    const range = `${mediaType.split("/")[0]}/*`;
    const entry = content[mediaType] ?? content[range];
    if (!entry)
      return `content type ${mediaType} is not documented for ${status} (${Object.keys(content).join(", ")})`;
    if (!content[mediaType]) return undefined;
    const key = `${route.method} ${pathname.replace(/[^/]+/g, "x")} ${status} ${mediaType} ${JSON.stringify(route.pattern.source)}`;
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.ajv.compile(
        JSON.parse(JSON.stringify(entry.schema).replaceAll('"#/components/', '"openapi.json#/components/')),
      ) as Validate;
      this.cache.set(key, validate);
    }
    // A stream of JSON lines: each line is one value of the documented schema.
    if (mediaType === "application/x-ndjson" && typeof body === "string") {
      for (const line of body.split("\n").filter((l) => l.trim() !== "")) {
        if (!validate(JSON.parse(line))) {
          return `a line of ${method} ${pathname} does not match the OpenAPI document: ${JSON.stringify(validate.errors).slice(0, 2000)}`;
        }
      }
      return undefined;
    }
    if (validate(body)) return undefined;
    return `response ${status} to ${method} ${pathname} does not match the OpenAPI document: ${JSON.stringify(validate.errors).slice(0, 2000)}`;
  }
}

let validator: OpenApiValidator | undefined;
export function openApiValidator(): OpenApiValidator {
  validator ??= new OpenApiValidator();
  return validator;
}
