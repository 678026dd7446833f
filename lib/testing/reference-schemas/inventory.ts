import type { JsonSchema } from "./common";

const nullableString: JsonSchema = { type: ["string", "null"] };
const date: JsonSchema = { type: ["string", "null"], format: "date" };
const timestamp: JsonSchema = { type: "string", format: "date-time" };

/** Mirrors redoapp/redo-dev redo/api-schema/src/schema/inbound-shipment-money.schema.yaml */
const inboundShipmentMoney: JsonSchema = {
  type: "object",
  properties: { amount: { type: "string" }, currency: { type: "string" } },
  required: ["amount", "currency"],
};

/** schema/inbound-shipment-order-ref.schema.yaml */
const orderReference: JsonSchema = {
  type: "object",
  properties: { id: { type: "string" }, name: { type: "string" } },
  required: ["id", "name"],
};

/** schema/inbound-shipment-item-list.schema.yaml with schema/inbound-shipment-product-summary.schema.yaml */
const inboundShipmentItem: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    product: {
      type: "object",
      properties: {
        id: { type: "string" },
        title: { type: "string" },
        sku: nullableString,
        image_url: nullableString,
      },
      required: ["id", "title", "sku"],
    },
    quantity: { type: "integer" },
    received_quantity: { type: "integer" },
    damaged_quantity: { type: "integer" },
    missing_quantity: { type: "integer" },
  },
  required: ["id", "product", "quantity", "received_quantity", "damaged_quantity", "missing_quantity"],
};

/** Mirrors schema/inbound-shipment-list.schema.yaml (with inbound-shipment-location.schema.yaml) */
export const inboundShipmentList: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    shipment_id: nullableString,
    status: { type: "string", enum: ["PENDING", "IN_TRANSIT", "PARTIALLY_RECEIVED", "RECEIVED"] },
    location: {
      type: "object",
      properties: { id: { type: "string" }, name: { type: "string" } },
      required: ["id", "name"],
    },
    carrier: nullableString,
    tracking_number: nullableString,
    tracking_url: nullableString,
    estimated_arrival_date: date,
    actual_arrival_date: date,
    freight_type: nullableString,
    payment_terms: nullableString,
    freight_cost: inboundShipmentMoney,
    duty_cost: inboundShipmentMoney,
    items: { type: "array", items: inboundShipmentItem },
    sku_count: { type: "integer" },
    item_count: { type: "integer" },
    received_count: { type: "integer" },
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: [
    "id",
    "shipment_id",
    "status",
    "location",
    "carrier",
    "tracking_number",
    "tracking_url",
    "estimated_arrival_date",
    "actual_arrival_date",
    "freight_type",
    "payment_terms",
    "freight_cost",
    "duty_cost",
    "items",
    "sku_count",
    "item_count",
    "received_count",
    "created_at",
    "updated_at",
  ],
};

/** Mirrors schema/inventory-item-list.schema.yaml (with inventory-item-location.schema.yaml) */
export const inventoryItemList: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    sku: nullableString,
    name: nullableString,
    kind: { type: "string", enum: ["PRODUCT", "RETURN", "UNDECLARED", "UNKNOWN"] },
    lot_number: nullableString,
    expiration_date: date,
    quantity: { type: "integer" },
    locations: {
      type: "array",
      items: {
        type: "object",
        properties: {
          location_id: { type: "string" },
          location_name: { type: "string" },
          bin: nullableString,
          quantity: { type: "integer" },
        },
        required: ["location_id", "location_name", "bin", "quantity"],
      },
    },
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: [
    "id",
    "sku",
    "name",
    "kind",
    "lot_number",
    "expiration_date",
    "quantity",
    "locations",
    "created_at",
    "updated_at",
  ],
};

/** Mirrors schema/inbound-shipment-detail.schema.yaml (the list view plus its detail fields) */
export const inboundShipmentDetail: JsonSchema = {
  allOf: [
    inboundShipmentList,
    {
      type: "object",
      properties: {
        items: {
          type: "array",
          items: {
            allOf: [
              inboundShipmentItem,
              {
                type: "object",
                properties: {
                  product: {
                    allOf: [
                      (inboundShipmentItem.properties as Record<string, JsonSchema>).product as JsonSchema,
                      { type: "object", properties: { upc: nullableString } },
                    ],
                  },
                  discrepancy: { type: "integer" },
                  packing_mode: { type: "string" },
                },
              },
            ],
          },
        },
        custom_volume_cubic_meters: { type: ["number", "null"] },
        purchase_orders: { type: "array", items: orderReference },
        transfer_orders: { type: "array", items: orderReference },
        files: {
          type: "array",
          items: {
            type: "object",
            properties: {
              id: { type: "string" },
              title: { type: "string" },
              url: { type: "string" },
              content_type: { type: "string" },
              created_at: timestamp,
            },
            required: ["id", "title", "url", "content_type", "created_at"],
          },
        },
        damaged_count: { type: "integer" },
        missing_count: { type: "integer" },
      },
      required: [
        "custom_volume_cubic_meters",
        "purchase_orders",
        "transfer_orders",
        "files",
        "damaged_count",
        "missing_count",
      ],
    },
  ],
};

/** Mirrors schema/inventory-level-list.schema.yaml (product summary and location schemas inlined). */
export const inventoryLevelList: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    product: {
      type: "object",
      properties: { id: { type: "string" }, title: { type: "string" }, sku: nullableString },
      required: ["id", "title", "sku"],
    },
    location: {
      type: "object",
      properties: { id: { type: "string" }, name: { type: "string" } },
      required: ["id", "name"],
    },
    quantity: { type: "integer" },
    available: { type: "integer" },
    committed: { type: "integer" },
    reserved: { type: "integer" },
    buildable: { type: "integer" },
    total_available: { type: "integer" },
    updated_at: timestamp,
  },
  required: [
    "id",
    "product",
    "location",
    "quantity",
    "available",
    "committed",
    "reserved",
    "buildable",
    "total_available",
    "updated_at",
  ],
};

/** Mirrors schema/inventory-level-detail.schema.yaml with inventory-level-product-detail.schema.yaml. */
export const inventoryLevelDetail: JsonSchema = {
  allOf: [
    inventoryLevelList,
    {
      type: "object",
      properties: {
        product: {
          type: "object",
          properties: { upc: nullableString, image_url: nullableString },
        },
        external_ids: { type: ["object", "null"] },
        created_at: timestamp,
      },
      required: ["external_ids", "created_at"],
    },
  ],
};
