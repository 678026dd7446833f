import { z } from "zod";
import type { Access, PrincipalKind } from "../enums";
import type { StoreResolvedKind } from "../ids";
import { IMPORT_FILE_LIMIT, importCheckResponseSchema, importEventSchema } from "../schemas/imports";
import { pageHeadersSchema } from "../schemas/paging";

/**
 * One contract per API operation (docs/architecture.md, "Add an API operation"): method, path, the words
 * of the OpenAPI document, who may call it, and the zod schemas of its input and output. From it come the
 * route handler (`apiRoute(contract, handler)` in lib/api/route.ts), the OpenAPI document
 * (lib/openapi/build.ts), the `Allow` of every path and its 405s (lib/api/route-table.ts), the test
 * registry the cross-tenant suite runs (lib/testing/api-operations.ts) and the web app's typed calls
 * (`callApi` in lib/client/api-client.ts). Contracts are data only: no database, no framework.
 */
export type Contract = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI template below /api/v2.2, e.g. `/webhooks/{webhookId}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** Problem area of its 400s and 404s (`com.service.api:<resource>/…`), e.g. "return". */
  resource: string;
  access: Access;
  /** Kinds of caller allowed at all (default both); `["staff"]` refuses API secrets with 403. */
  principals?: readonly PrincipalKind[];
  /**
   * For a path whose id must be found before the body is read: the kind of that id (lib/ids.ts, one with
   * `storeResolver`), whose resolver (lib/api/store-resolvers.ts) finds the addressed resource's store, so
   * an unknown or foreign id is a 404 and a forbidden write a 403 whatever the body holds.
   */
  storeOf?: StoreResolvedKind;
  /** Body limit in bytes (default 1 MiB). */
  bodyLimit?: number;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The body may be left out (no bytes, or no Content-Type and no bytes): it then reads as `{}`. */
  bodyOptional?: boolean;
  /**
   * A `text/csv` request body instead of JSON (imports): the wrapper checks the media type and the declared
   * length, and the handler streams `request.body` through the CSV parser (lib/api/csv-upload.ts). An
   * Idempotency-Key is not honoured on these (it cannot fingerprint a stream): imports are idempotent by
   * their own matching.
   */
  csvBody?: { description: string; limit: number };
  responses: Record<
    number,
    {
      description: string;
      schema?: z.ZodType;
      /** The media type of the body (JSON unless told), or the several a request chooses between. */
      contentType?: string | readonly string[];
      headers?: Record<string, unknown>;
    }
  >;
  errors: number[];
  /**
   * A published operation outside a returns and inventory back-office: after authentication it answers a
   * 501 problem naming it (lib/contracts/not-offered.ts), so a client meets a documented refusal, never a 404.
   */
  notOffered?: true;
};

/** True for a contract: what makes an export of a contract module an operation of the API. */
export function isContract(value: unknown): value is Contract {
  return typeof value === "object" && value !== null && "operationId" in value && "path" in value;
}

/** Declares a contract, keeping its literal types so handlers and client calls are typed from it. */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

type ListContractInput = Omit<Contract, "method" | "access" | "headers" | "responses"> & {
  /** Defaults to read; a list of what only admins may see says so. */
  access?: Access;
  /** The 200: one page of the list. */
  page: { description: string; schema: z.ZodType };
};

/**
 * Declares a paged list: GET, read access unless told, header paging in (X-Page-Size, X-Page-Continue) and
 * out (X-Page-Next), its 200 a page of `page.schema`.
 */
export function defineListContract<const C extends ListContractInput>(list: C) {
  const { page, access, ...rest } = list;
  return defineContract({
    ...rest,
    method: "get",
    access: access ?? "read",
    headers: pageHeadersSchema,
    responses: { 200: { description: page.description, schema: page.schema, headers: nextPage } },
  }) as Omit<C, "page" | "access"> & {
    method: "get";
    access: C["access"] extends Access ? C["access"] : "read";
    headers: typeof pageHeadersSchema;
    responses: { 200: { description: string; schema: C["page"]["schema"]; headers: typeof nextPage } };
  };
}

type CsvImportContractInput = Omit<
  Contract,
  "method" | "access" | "params" | "csvBody" | "responses" | "errors" | "description"
> & {
  description: string;
  /** What the CSV file holds: its columns and limits. */
  file: string;
};

type CsvImportContract<C extends CsvImportContractInput, Response> = Omit<C, "file"> & {
  method: "post";
  access: "write";
  params: typeof storeParams;
  csvBody: { description: string; limit: number };
  responses: { 200: Response };
  errors: number[];
};

function csvImportContract<C extends CsvImportContractInput, R extends Contract["responses"][number]>(
  input: C,
  response: R,
): CsvImportContract<C, R> {
  const { file, ...rest } = input;
  return defineContract({
    ...rest,
    method: "post",
    access: "write",
    params: storeParams,
    csvBody: { description: file, limit: IMPORT_FILE_LIMIT },
    responses: { 200: response },
    errors: [400, ...AUTH, 413, 415],
  }) as CsvImportContract<C, R>;
}

/**
 * Declares the check of a CSV import (docs/csv.md "Import"): an editor's POST of the file to a store,
 * answered by what importing it would do, writing nothing.
 */
export function defineCsvCheckContract<const C extends CsvImportContractInput>(input: C) {
  return csvImportContract(input, {
    description: "What importing the file would do.",
    schema: importCheckResponseSchema,
  });
}

/** Declares a CSV import: the same POST as its check, answered by an ndjson stream of progress, then the summary. */
export function defineCsvImportContract<const C extends CsvImportContractInput>(input: C) {
  return csvImportContract(input, {
    description: "Progress, then the summary, one JSON object a line.",
    contentType: "application/x-ndjson",
    schema: importEventSchema,
  });
}

/** Only staff sessions may call it (shown in the OpenAPI document as the session scheme). */
export function isStaffOnly(contract: Contract): boolean {
  return contract.principals !== undefined && !contract.principals.includes("api-key");
}

export const id = (description: string) => z.string().meta({ description });
export const storeParams = z.object({ storeId: id("Store id (`str_…`).") });
export const returnParams = z.object({ returnId: id("Return id (`ret_…`).") });
export const webhookParams = z.object({ webhookId: id("Webhook id (`whk_…`).") });
export const deliveryParams = webhookParams.extend({
  deliveryId: id("Delivery id (`dlv_…`) of this webhook."),
});
export const noStore = {
  "Cache-Control": { description: "`no-store`: the body holds a secret.", schema: { type: "string" } },
};
export const nextPage = {
  "X-Page-Next": {
    description: "Send as X-Page-Continue to get the next page; absent on the last page.",
    schema: { type: "string" },
  },
};
export const AUTH = [401, 403];

/** The 200 of a CSV export (lib/api/csv.ts). */
export const CSV_FILE = {
  description: "The CSV file (UTF-8 with a byte-order mark), as an attachment.",
  contentType: "text/csv",
  schema: z.string(),
};
