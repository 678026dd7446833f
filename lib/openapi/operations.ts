import {
  listInboundShipmentsQuerySchema,
  listInboundShipmentsResponseSchema,
} from "../schemas/inbound-shipments";
import {
  inventoryItemListResponseSchema,
  inventoryItemResponseSchema,
  listInventoryItemsQuerySchema,
} from "../schemas/inventory-items";
import { pageHeadersSchema } from "../schemas/paging";
import {
  commentResponseSchema,
  createCommentBodySchema,
  getReturnResponseSchema,
  listReturnsQuerySchema,
  listReturnsResponseSchema,
  returnCommentsResponseSchema,
  returnResponseSchema,
  setItemIdentifiersBodySchema,
} from "../schemas/returns";
import { AUTH, id, nextPage, type Operation, returnParams, storeParams } from "./operation-parts";
import { apiSecretOperations } from "./operations-api-secrets";
import { settingsOperations } from "./operations-settings";
import { staffMemberOperations } from "./operations-staff";
import { webhookOperations } from "./operations-webhooks";

export type { Operation } from "./operation-parts";

/**
 * Every operation of the API, described once: the OpenAPI document is generated from this list and the
 * zod schemas it names (the same ones the routes validate with), and the route tests check every
 * response against the result.
 */
export const operations: Operation[] = [
  {
    method: "get",
    path: "/stores/{storeId}/inbound-shipments",
    operationId: "listInboundShipments",
    summary: "List inbound shipments",
    description: "Most recently updated first. Keyset paging: page 10,000 costs what page 1 costs.",
    tag: "Inbound Shipments",
    params: storeParams,
    query: listInboundShipmentsQuerySchema,
    headers: pageHeadersSchema,
    responses: {
      200: {
        description: "A page of shipments.",
        schema: listInboundShipmentsResponseSchema,
        headers: nextPage,
      },
    },
    errors: [400, ...AUTH, 429],
  },
  {
    method: "put",
    path: "/stores/{storeId}/returns/{returnId}/item-identifiers",
    operationId: "setReturnItemIdentifiers",
    summary: "Set return item identifiers",
    description:
      "Atomic: every entry is applied or none. Unknown item ids give 400 `com.service.api:return/item-not-found` " +
      "naming each of them; a malformed body gives 400 `com.service.api:return/invalid-request`.",
    tag: "Returns",
    params: storeParams.extend(returnParams.shape),
    body: setItemIdentifiersBodySchema,
    responses: { 200: { description: "The full return after the update.", schema: returnResponseSchema } },
    errors: [400, ...AUTH, 404, 413, 415],
  },
  {
    method: "post",
    path: "/returns/{returnId}/comments",
    operationId: "createReturnComment",
    summary: "Create return comment",
    description:
      "A message (1 to 10,000 characters) or an image (base64 PNG, JPEG, GIF or WebP, at most 5 MiB).",
    tag: "Returns",
    params: returnParams,
    body: createCommentBodySchema,
    responses: { 201: { description: "The comment.", schema: commentResponseSchema } },
    errors: [400, ...AUTH, 404, 413, 415],
  },
  {
    method: "get",
    path: "/returns/{returnId}/comments",
    operationId: "listReturnComments",
    summary: "List return comments",
    description: "The comment timeline with author and time, oldest first.",
    tag: "Returns",
    params: returnParams,
    responses: { 200: { description: "The comments.", schema: returnCommentsResponseSchema } },
    errors: [...AUTH, 404],
  },
  {
    method: "get",
    path: "/returns/{returnId}",
    operationId: "getReturn",
    summary: "Get return",
    tag: "Returns",
    params: returnParams,
    responses: { 200: { description: "The return and its order.", schema: getReturnResponseSchema } },
    errors: [...AUTH, 404],
  },
  {
    method: "get",
    path: "/stores/{storeId}/returns",
    operationId: "listReturns",
    summary: "List returns",
    description: "Newest updated first, with their orders. Same header paging as inbound shipments.",
    tag: "Returns",
    params: storeParams,
    query: listReturnsQuerySchema,
    headers: pageHeadersSchema,
    responses: {
      200: { description: "A page of returns.", schema: listReturnsResponseSchema, headers: nextPage },
    },
    errors: [400, ...AUTH],
  },
  {
    method: "get",
    path: "/stores/{storeId}/inventory-items/{inventoryItemId}",
    operationId: "getInventoryItem",
    summary: "Get inventory item",
    tag: "Inventory Items",
    params: storeParams.extend({ inventoryItemId: id("Inventory item id (`ii_…`).") }),
    responses: { 200: { description: "The inventory item.", schema: inventoryItemResponseSchema } },
    errors: [...AUTH, 404],
  },
  {
    method: "get",
    path: "/stores/{storeId}/inventory-items",
    operationId: "listInventoryItems",
    summary: "List inventory items",
    tag: "Inventory Items",
    params: storeParams,
    query: listInventoryItemsQuerySchema,
    headers: pageHeadersSchema,
    responses: {
      200: { description: "A page of items.", schema: inventoryItemListResponseSchema, headers: nextPage },
    },
    errors: [400, ...AUTH],
  },
  ...settingsOperations,
  ...webhookOperations,
  ...apiSecretOperations,
  ...staffMemberOperations,
];
