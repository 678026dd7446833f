import { z } from "zod";
import { type Contract, contracts as operations } from "../contracts";
import { isStaffOnly } from "../contracts/contract";
import { returnEventSchema, thinEventSchema } from "../schemas/returns";
import { problemSchema } from "./problem-schema";

type JsonObject = Record<string, unknown>;

const componentUri = (id: string) => `#/components/schemas/${id}`;

/**
 * The components of the document, collected from the operations' own schemas only. Each schema is converted
 * on its own and the schemas with an id it reaches come back in `$defs`, which are hoisted here. Zod's global
 * registry is not read: it holds every copy of a schema module the process evaluated (route bundles, the
 * dispatcher, the custom server each may load their own), and two copies of one id make a conversion of the
 * whole registry throw "Duplicate schema id".
 */
class Components {
  readonly schemas: Record<string, JsonObject> = {};

  /** The JSON Schema of `schema`, its named parts moved to components/schemas and referenced from there. */
  convert(schema: z.ZodType, io: "input" | "output"): JsonObject {
    const json = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      reused: "inline",
      cycles: "ref",
    }) as JsonObject;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
    delete json.$defs;
    for (const [id, def] of Object.entries(defs)) this.add(id, def);
    const rootId = json.id;
    if (typeof rootId !== "string") return pointAtComponents(json);
    this.add(rootId, json);
    return { $ref: componentUri(rootId) };
  }

  /** The first conversion of an id wins: an output shape is converted before the input shape of a body. */
  private add(id: string, def: JsonObject): void {
    if (this.schemas[id]) return;
    const { id: _ownId, ...rest } = def;
    this.schemas[id] = pointAtComponents(rest);
  }
}

/** `$defs` references become components references. */
function pointAtComponents(json: JsonObject): JsonObject {
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonObject;
}

/** Path, query and header parameters from the zod objects of an operation. */
function parameters(operation: Contract, components: Components): JsonObject[] {
  const out: JsonObject[] = [];
  const add = (where: "path" | "query" | "header", shape: z.ZodObject | undefined) => {
    if (!shape) return;
    for (const [name, field] of Object.entries(shape.shape as Record<string, z.ZodType>)) {
      const schema = components.convert(field, "input");
      const optional = field.safeParse(undefined).success;
      const description = (schema.description as string | undefined) ?? undefined;
      delete schema.description;
      out.push({
        name: where === "header" ? headerName(name) : name,
        in: where,
        required: where === "path" || !optional,
        ...(description ? { description } : {}),
        schema,
      });
    }
  };
  add("path", operation.params);
  add("query", operation.query);
  add("header", operation.headers);
  if (operation.method === "post") out.push(IDEMPOTENCY_KEY_PARAMETER);
  return out;
}

/** Every POST takes one (lib/api/idempotency.ts, docs/api.md "Idempotency"). */
const IDEMPOTENCY_KEY_PARAMETER: JsonObject = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes a retry safe: the first request with the key runs, a retry with the same key and request replays its " +
    "answer (`Idempotent-Replayed: true`), the same key with another request is 422, a key whose request is " +
    "still running is 409. Scoped to the caller, kept 24 hours. 1 to 255 visible ASCII characters.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

/** `x-page-size` → `X-Page-Size` */
function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => `${dash}${c.toUpperCase()}`);
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: the `errors` array names each invalid field.",
  401: "Missing, malformed, unknown or revoked API secret (`WWW-Authenticate: Bearer`).",
  403: "The secret or session does not give access to this store, or the role does not allow the operation.",
  404: "Unknown id, or an id of another store.",
  405: "Method not allowed (`Allow` lists the methods).",
  409: "Conflict (see the description), or an Idempotency-Key whose first request is still running.",
  422: "The Idempotency-Key was used for another request.",
  413: "Request body too large.",
  415: "Content-Type is not application/json.",
  429: "Rate limited (`Retry-After`).",
  501: "Backroom does not offer this operation of the real service (`com.service.api:operation/not-implemented`).",
};

export function buildOpenApiDocument(): JsonObject {
  const components = new Components();
  components.convert(problemSchema, "output");
  // Webhook payloads are no operation's answer; they are documented as components for receivers.
  components.convert(returnEventSchema, "output");
  components.convert(thinEventSchema, "output");
  // Every answer's shape first, so a named schema a body also uses is documented as it is answered.
  for (const operation of operations) {
    for (const response of Object.values(operation.responses)) {
      if (response.schema) components.convert(response.schema, "output");
    }
  }

  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const operation of operations) {
    const responses: Record<string, JsonObject> = {};
    for (const [status, response] of Object.entries(operation.responses)) {
      const schema = response.schema;
      responses[status] = {
        description: response.description,
        ...(response.headers ? { headers: response.headers } : {}),
        ...(schema
          ? {
              // One answer in any of its media types (a label file as PDF or ZPL), each the same schema.
              content: Object.fromEntries(
                [response.contentType ?? "application/json"]
                  .flat()
                  .map((mediaType) => [mediaType, { schema: components.convert(schema, "output") }]),
              ),
            }
          : {}),
      };
    }
    const errors =
      operation.method === "post" ? [...new Set([...operation.errors, 409, 422])] : operation.errors;
    for (const status of [...errors].sort((a, b) => a - b)) {
      responses[String(status)] = {
        description: ERROR_DESCRIPTIONS[status] ?? "Error.",
        content: { "application/problem+json": { schema: { $ref: componentUri("Problem") } } },
      };
    }
    responses.default = {
      description: "Any other error, as problem details.",
      content: { "application/problem+json": { schema: { $ref: componentUri("Problem") } } },
    };
    const pathItem = paths[operation.path] ?? {};
    pathItem[operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [operation.tag],
      ...(isStaffOnly(operation) ? { security: [{ staffSession: [] }] } : {}),
      parameters: parameters(operation, components),
      ...(operation.body
        ? {
            requestBody: {
              required: operation.bodyOptional !== true,
              content: { "application/json": { schema: components.convert(operation.body, "input") } },
            },
          }
        : {}),
      ...(operation.csvBody
        ? {
            requestBody: {
              required: true,
              description: operation.csvBody.description,
              content: { "text/csv": { schema: { type: "string" } } },
            },
          }
        : {}),
      responses,
    };
    paths[operation.path] = pathItem;
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Backroom returns and inventory API",
      version: "2.2.1",
      description:
        "Returns, inbound shipments, inventory items and webhook subscriptions of a merchant's store. " +
        "Every operation takes `Authorization: Bearer <API_SECRET>`. Errors are problem details " +
        "(`application/problem+json`). Lists page with the `X-Page-Size` and `X-Page-Continue` request headers " +
        "and the `X-Page-Next` response header, which is absent on the last page.",
    },
    servers: [{ url: "/api/v2.2" }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The store's API secret." },
        staffSession: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description:
            "A staff member's session of the web app (the cookie is `__Secure-next-auth.session-token` over https). " +
            "Writes must also come from the app's own origin.",
        },
      },
      schemas: components.schemas,
    },
  };
}

let cached: JsonObject | undefined;
/** The document, built once per process. */
export function openApiDocument(): JsonObject {
  cached ??= buildOpenApiDocument();
  return cached;
}

let cachedText: string | undefined;
/** The document as the JSON text `/api/v2.2/openapi.json` serves, serialized once per process. */
export function openApiDocumentText(): string {
  cachedText ??= JSON.stringify(openApiDocument());
  return cachedText;
}
