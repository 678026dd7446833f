import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse as parseYaml } from "yaml";

/**
 * The oracle: the real service's published schema package (`@redotech/redo-api-schema`, pinned 2.2.693 in
 * package.json), read from node_modules. Where the interface file is silent it is the contract (decisions
 * §5), so every answer our route tests see is also checked against it (lib/testing/openapi-validator.ts),
 * and the contract suite (app/api/v2.2/published-contract.int.test.ts) calls each published operation.
 *
 * Read as the package means it, with its two known slips mended: `webhook-read` requires a property
 * literally named "externalId id" (it means `externalId` and `id`), and 3.0-style `nullable: true` appears
 * in a 3.1 document (honoured: the value may also be null).
 */

type JsonObject = Record<string, unknown>;
type AjvError = { instancePath: string; keyword: string; message?: string; params?: JsonObject };
type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;

/**
 * Two operations published on the service's 2.2.1 branches and not yet in the package (redoapp/redo-dev
 * `redo/api-schema/src/path/return-approve.path.yaml` at 19317cc8 and `return-item-identifiers.path.yaml` at
 * ad06d3ab), written here in the package's own component names.
 */
const BRANCH_OPERATIONS: Record<string, Record<string, JsonObject>> = {
  "/returns/{returnId}/approve": {
    post: {
      operationId: "Return approve",
      requestBody: {
        required: false,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                customerNotes: { type: "string" },
                items: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: { id: { type: "string" }, shipBack: { type: "boolean", default: true } },
                    required: ["id"],
                  },
                },
              },
            },
          },
        },
      },
      responses: {
        "200": {
          description: "Return approved successfully",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  order: { $ref: "#/components/schemas/order-read.schema" },
                  return: { $ref: "#/components/schemas/return-read.schema" },
                },
                required: ["return", "order"],
              },
            },
          },
        },
        "400": problemResponse("Bad request (e.g., invalid item IDs or items not in open status)"),
        default: problemResponse("Error"),
      },
    },
  },
  "/stores/{storeId}/returns/{returnId}/item-identifiers": {
    put: {
      operationId: "Return item identifiers put",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                items: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: { externalIdentifier: { type: "string" }, id: { type: "string" } },
                    required: ["id", "externalIdentifier"],
                  },
                },
              },
              required: ["items"],
            },
          },
        },
      },
      responses: {
        "200": {
          description: "Success",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { return: { $ref: "#/components/schemas/return-read.schema" } },
                required: ["return"],
              },
            },
          },
        },
        "400": problemResponse("Invalid request body or item ID not found on this return"),
        "404": problemResponse("Return not found"),
        default: problemResponse("Error"),
      },
    },
  },
};

function problemResponse(description: string): JsonObject {
  return {
    description,
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/error.schema" } } },
  };
}

/** `nullable: true` (OpenAPI 3.0) becomes "this, or null"; "externalId id" becomes its two names. */
function mend(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mend);
  if (typeof node !== "object" || node === null) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node as JsonObject)) {
    if (key === "nullable") continue;
    if (key === "required" && Array.isArray(value))
      out.required = value.flatMap((name) => (name === "externalId id" ? ["externalId", "id"] : [name]));
    else out[key] = mend(value);
  }
  if ((node as JsonObject).nullable === true) return { anyOf: [out, { type: "null" }] };
  return out;
}

export type PublishedOperation = {
  method: (typeof HTTP_METHODS)[number];
  path: string;
  operationId: string;
  /** The operation object, mended; its `$ref`s point into `PUBLISHED_DOCUMENT_ID`. */
  operation: JsonObject;
};

const PUBLISHED_DOCUMENT_ID = "redo-api-schema.json";

function loadPublishedDocument(): JsonObject {
  const require = createRequire(import.meta.url);
  const file = require.resolve("@redotech/redo-api-schema/openapi.yaml");
  const document = parseYaml(readFileSync(file, "utf8")) as JsonObject;
  const paths = document.paths as Record<string, JsonObject>;
  for (const [path, item] of Object.entries(BRANCH_OPERATIONS)) paths[path] = { ...paths[path], ...item };
  return mend(document) as JsonObject;
}

class PublishedSchema {
  readonly document = loadPublishedDocument();
  readonly operations: PublishedOperation[] = [];
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, Validate>();

  constructor() {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema({ $id: PUBLISHED_DOCUMENT_ID, components: this.document.components });
    for (const [path, item] of Object.entries(this.document.paths as Record<string, JsonObject>)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method] as JsonObject | undefined;
        if (!operation) continue;
        this.operations.push({ method, path, operationId: String(operation.operationId), operation });
      }
    }
  }

  /** The package's operation with this method and path template (`/returns/{returnId}`), if any. */
  find(method: string, template: string): PublishedOperation | undefined {
    return this.operations.find(
      (operation) => operation.method === method.toLowerCase() && operation.path === template,
    );
  }

  validator(key: string, schema: unknown): Validate {
    let validate = this.compiled.get(key);
    if (!validate) {
      const rebased = JSON.stringify(schema).replaceAll(
        '"#/components/',
        `"${PUBLISHED_DOCUMENT_ID}#/components/`,
      );
      validate = this.ajv.compile(JSON.parse(rebased)) as Validate;
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

let published: PublishedSchema | undefined;
function publishedSchema(): PublishedSchema {
  published ??= new PublishedSchema();
  return published;
}

/** Every operation of the package (and the two branch operations), in document order. */
export function publishedOperations(): readonly PublishedOperation[] {
  return publishedSchema().operations;
}

/** The package's component schema of that name (e.g. `return-status.schema`), mended. */
export function publishedComponent(name: string): JsonObject {
  const schemas = (publishedSchema().document.components as JsonObject).schemas as Record<string, JsonObject>;
  const schema = schemas[name];
  if (!schema) throw new Error(`the published package has no schema ${name}`);
  return schema;
}

function describeErrors(errors: AjvError[] | null | undefined): string {
  return (errors ?? [])
    .map((error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`)
    .join("; ")
    .slice(0, 2000);
}

/**
 * Checks an answer against the package's response for that operation and status (its `default` for a
 * status it does not list). Returns what is wrong, or undefined when it matches or the package does not
 * publish the operation. `path` is the API path without `/api/v2.2`.
 */
export function checkAgainstPublished(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
): string | undefined {
  const schema = publishedSchema();
  const found = schema.find(method, path);
  if (!found) return undefined;
  const responses = found.operation.responses as Record<string, JsonObject>;
  const listed = responses[String(status)];
  if (!listed && status < 400)
    return `${found.operationId} (${method} ${found.path}) answered ${status}; the package publishes ${Object.keys(responses).join(", ")}`;
  const response = listed ?? responses.default;
  if (!response) return undefined;
  const content = response.content as Record<string, { schema?: unknown }> | undefined;
  if (!content) {
    return body === undefined || body === ""
      ? undefined
      : `${found.operationId} answered ${status} with a body; the package publishes none`;
  }
  const mediaType = (contentType ?? "").split(";")[0]?.trim() ?? "";
  // Errors are problem+json everywhere (the interface's rule wins over the few package operations that
  // publish `application/json` error bodies); such a problem must still carry what those clients read
  // (`error`), while its `errors` stays the interface's list (docs/api.md, "Deliberate differences").
  if (status >= 400 && mediaType === "application/problem+json" && !content[mediaType]) {
    const published = content["application/json"];
    if (!published?.schema || typeof body !== "object" || body === null) return undefined;
    const { errors: _interfaceErrors, ...rest } = body as JsonObject;
    const validate = schema.validator(`${found.method} ${found.path} ${status} error`, published.schema);
    if (validate(rest)) return undefined;
    return `problem ${status} of ${found.operationId} lacks what the package's error body has: ${describeErrors(validate.errors)}`;
  }
  const entry = content[mediaType];
  if (!entry) {
    return `${found.operationId} answered ${status} as ${mediaType || "no content type"}; the package publishes ${Object.keys(content).join(", ")}`;
  }
  if (entry.schema === undefined) return undefined;
  const validate = schema.validator(`${found.method} ${found.path} ${status} ${mediaType}`, entry.schema);
  if (validate(body)) return undefined;
  return `response ${status} of ${found.operationId} (${method} ${found.path}) does not match the published schema: ${describeErrors(validate.errors)}`;
}

/** Whether the package accepts this request body for the operation (for "accept every body it accepts"). */
export function checkRequestAgainstPublished(
  method: string,
  path: string,
  body: unknown,
): string | undefined {
  const schema = publishedSchema();
  const found = schema.find(method, path);
  if (!found) return `the package does not publish ${method} ${path}`;
  const requestBody = found.operation.requestBody as JsonObject | undefined;
  const content = requestBody?.content as Record<string, { schema?: unknown }> | undefined;
  const entry = content?.["application/json"];
  if (!entry?.schema) return body === undefined ? undefined : `${found.operationId} publishes no JSON body`;
  const validate = schema.validator(`${found.method} ${found.path} request`, entry.schema);
  if (validate(body)) return undefined;
  return `the package refuses this body for ${found.operationId}: ${describeErrors(validate.errors)}`;
}
