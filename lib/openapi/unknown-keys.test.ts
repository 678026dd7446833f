import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { contracts } from "../contracts";
import { VALID_BODIES } from "../testing/api-operation-inputs";
import { unknownIds } from "../testing/api-operations";
import { buildOpenApiDocument } from "./build";

/**
 * Whether a body may carry keys it does not define: the document must say what the route does. Most bodies
 * are strict (an unknown key is a 400, `additionalProperties: false`); the real service's integration bodies
 * whose published schemas leave objects open (Custom Order Sync, Products bulk upload, Create return…) ignore
 * unknown keys, and their document must not claim otherwise (docs/api.md, Validation).
 */
type JsonObject = Record<string, unknown>;
const document = buildOpenApiDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: "openapi.json", components: document.components });

function documentedBody(path: string, method: string): (body: unknown) => boolean {
  const operation = (document.paths as Record<string, Record<string, JsonObject>>)[path]?.[method];
  const content = (operation?.requestBody as JsonObject | undefined)?.content as
    | Record<string, { schema: JsonObject }>
    | undefined;
  const schema = content?.["application/json"]?.schema;
  if (!schema) throw new Error(`no JSON body documented for ${method} ${path}`);
  return ajv.compile(
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')),
  ) as (body: unknown) => boolean;
}

/** The body with `key` added to the object at `at` (a list of keys and indexes). */
function withKey(body: unknown, at: (string | number)[], key: string): unknown {
  const copy = structuredClone(body);
  let target = copy as Record<string | number, unknown>;
  for (const step of at) target = target[step] as Record<string | number, unknown>;
  target[key] = "probe";
  return copy;
}

/** Where the body holds an object (itself included), as paths of keys and indexes. */
function objectPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objectPaths(item, [...at, i]));
  if (!value || typeof value !== "object") return [];
  return [at, ...Object.entries(value).flatMap(([key, item]) => objectPaths(item, [...at, key]))];
}

const ADDRESS = { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" };
/** Bodies reaching objects the registry's valid bodies leave out. */
const FULLER_BODIES: Record<string, unknown> = {
  createLocation: { location: { name: "Dock", return_address: ADDRESS } },
  updateLocation: { location: { return_address: ADDRESS } },
};

const withBodies = contracts.filter(
  (contract) => contract.body && contract.operationId in VALID_BODIES,
) as (typeof contracts)[number][];

describe("unknown keys in request bodies", () => {
  it.each(withBodies.map((contract) => [contract.operationId, contract] as const))(
    "%s: the document allows an unknown key exactly where the route ignores it",
    (operationId, contract) => {
      const valid =
        FULLER_BODIES[operationId] ?? VALID_BODIES[operationId as keyof typeof VALID_BODIES](unknownIds());
      const documented = documentedBody(contract.path, contract.method);
      const body = contract.body as NonNullable<typeof contract.body>;
      expect(documented(valid), "the valid body matches the document").toBe(true);
      const mismatches = objectPaths(valid).flatMap((at) => {
        const probe = withKey(valid, at, "not_a_field");
        const accepted = body.safeParse(probe).success;
        return accepted === documented(probe)
          ? []
          : [`${at.join(".") || "(body)"}: route ${accepted ? "ignores" : "refuses"} it`];
      });
      expect(mismatches).toEqual([]);
    },
  );
});
