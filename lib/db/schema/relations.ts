import { relations } from "drizzle-orm";
import { apiKeys } from "./api-keys";
import { commentImages } from "./comment-images";
import { deliveryAttempts } from "./delivery-attempts";
import { events } from "./events";
import { inboundShipmentItems } from "./inbound-shipment-items";
import { inboundShipments } from "./inbound-shipments";
import { inventoryItems } from "./inventory-items";
import { inventoryLevels } from "./inventory-levels";
import { locations } from "./locations";
import { orderLineItems } from "./order-line-items";
import { orders } from "./orders";
import { productVariants } from "./product-variants";
import { products } from "./products";
import { returnComments } from "./return-comments";
import { returnDropoffs } from "./return-dropoffs";
import { returnExchangeItems } from "./return-exchange-items";
import { returnExchanges } from "./return-exchanges";
import { returnGiftCards } from "./return-gift-cards";
import { returnItemAssessments } from "./return-item-assessments";
import { returnItems } from "./return-items";
import { returnShipments } from "./return-shipments";
import { returnTags } from "./return-tags";
import { returns } from "./returns";
import { staffUsers } from "./staff-users";
import { storeMemberships } from "./store-memberships";
import { stores } from "./stores";
import { webhookDeliveries } from "./webhook-deliveries";
import { webhooks } from "./webhooks";

// Relations drive Drizzle's relational queries (one SQL statement for a return with all its parts).

export const storesRelations = relations(stores, ({ many }) => ({
  memberships: many(storeMemberships),
  locations: many(locations),
  apiKeys: many(apiKeys),
}));

export const staffUsersRelations = relations(staffUsers, ({ many }) => ({
  memberships: many(storeMemberships),
}));

export const storeMembershipsRelations = relations(storeMemberships, ({ one }) => ({
  store: one(stores, { fields: [storeMemberships.storeId], references: [stores.id] }),
  user: one(staffUsers, { fields: [storeMemberships.userId], references: [staffUsers.id] }),
}));

export const apiKeysRelations = relations(apiKeys, ({ one }) => ({
  store: one(stores, { fields: [apiKeys.storeId], references: [stores.id] }),
}));

export const locationsRelations = relations(locations, ({ one }) => ({
  store: one(stores, { fields: [locations.storeId], references: [stores.id] }),
}));

export const productsRelations = relations(products, ({ many }) => ({
  variants: many(productVariants),
}));

export const productVariantsRelations = relations(productVariants, ({ one }) => ({
  product: one(products, { fields: [productVariants.productId], references: [products.id] }),
}));

export const inboundShipmentsRelations = relations(inboundShipments, ({ one, many }) => ({
  location: one(locations, { fields: [inboundShipments.locationId], references: [locations.id] }),
  items: many(inboundShipmentItems),
}));

export const inboundShipmentItemsRelations = relations(inboundShipmentItems, ({ one }) => ({
  shipment: one(inboundShipments, {
    fields: [inboundShipmentItems.shipmentId],
    references: [inboundShipments.id],
  }),
  variant: one(productVariants, {
    fields: [inboundShipmentItems.variantId],
    references: [productVariants.id],
  }),
}));

export const inventoryItemsRelations = relations(inventoryItems, ({ one, many }) => ({
  variant: one(productVariants, { fields: [inventoryItems.variantId], references: [productVariants.id] }),
  levels: many(inventoryLevels),
}));

export const inventoryLevelsRelations = relations(inventoryLevels, ({ one }) => ({
  item: one(inventoryItems, { fields: [inventoryLevels.inventoryItemId], references: [inventoryItems.id] }),
  location: one(locations, { fields: [inventoryLevels.locationId], references: [locations.id] }),
}));

export const ordersRelations = relations(orders, ({ many }) => ({
  lineItems: many(orderLineItems),
  returns: many(returns),
}));

export const orderLineItemsRelations = relations(orderLineItems, ({ one }) => ({
  order: one(orders, { fields: [orderLineItems.orderId], references: [orders.id] }),
}));

export const returnsRelations = relations(returns, ({ one, many }) => ({
  order: one(orders, { fields: [returns.orderId], references: [orders.id] }),
  items: many(returnItems),
  exchange: one(returnExchanges, { fields: [returns.id], references: [returnExchanges.returnId] }),
  shipments: many(returnShipments),
  dropoffs: many(returnDropoffs),
  tags: many(returnTags),
  giftCards: many(returnGiftCards),
  comments: many(returnComments),
}));

export const returnItemsRelations = relations(returnItems, ({ one, many }) => ({
  return: one(returns, { fields: [returnItems.returnId], references: [returns.id] }),
  assessments: many(returnItemAssessments),
}));

export const returnItemAssessmentsRelations = relations(returnItemAssessments, ({ one }) => ({
  item: one(returnItems, { fields: [returnItemAssessments.returnItemId], references: [returnItems.id] }),
}));

export const returnExchangesRelations = relations(returnExchanges, ({ one, many }) => ({
  return: one(returns, { fields: [returnExchanges.returnId], references: [returns.id] }),
  items: many(returnExchangeItems),
}));

export const returnExchangeItemsRelations = relations(returnExchangeItems, ({ one }) => ({
  exchange: one(returnExchanges, {
    fields: [returnExchangeItems.returnId],
    references: [returnExchanges.returnId],
  }),
}));

export const returnShipmentsRelations = relations(returnShipments, ({ one }) => ({
  return: one(returns, { fields: [returnShipments.returnId], references: [returns.id] }),
}));

export const returnDropoffsRelations = relations(returnDropoffs, ({ one }) => ({
  return: one(returns, { fields: [returnDropoffs.returnId], references: [returns.id] }),
}));

export const returnTagsRelations = relations(returnTags, ({ one }) => ({
  return: one(returns, { fields: [returnTags.returnId], references: [returns.id] }),
}));

export const returnGiftCardsRelations = relations(returnGiftCards, ({ one }) => ({
  return: one(returns, { fields: [returnGiftCards.returnId], references: [returns.id] }),
}));

export const returnCommentsRelations = relations(returnComments, ({ one }) => ({
  return: one(returns, { fields: [returnComments.returnId], references: [returns.id] }),
  image: one(commentImages, { fields: [returnComments.imageId], references: [commentImages.id] }),
}));

export const webhooksRelations = relations(webhooks, ({ many }) => ({
  deliveries: many(webhookDeliveries),
}));

export const webhookDeliveriesRelations = relations(webhookDeliveries, ({ one, many }) => ({
  webhook: one(webhooks, { fields: [webhookDeliveries.webhookId], references: [webhooks.id] }),
  event: one(events, { fields: [webhookDeliveries.eventId], references: [events.id] }),
  attempts: many(deliveryAttempts),
}));

export const deliveryAttemptsRelations = relations(deliveryAttempts, ({ one }) => ({
  delivery: one(webhookDeliveries, {
    fields: [deliveryAttempts.deliveryId],
    references: [webhookDeliveries.id],
  }),
}));
