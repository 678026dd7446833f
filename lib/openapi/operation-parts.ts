import { z } from "zod";

/**
 * Every operation of the API, described once: the OpenAPI document is generated from this list and the
 * zod schemas it names (the same ones the routes validate with), and the route tests check every
 * response against the result.
 */
export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** Who may call it; default: an API secret (or a staff session of the web app). */
  security?: "staff-session";
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<
    string,
    { description: string; schema?: z.ZodType; contentType?: string; headers?: Record<string, unknown> }
  >;
  errors: number[];
};

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
