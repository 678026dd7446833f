import { pgEnum } from "drizzle-orm/pg-core";
import {
  ACTOR_KINDS,
  ALERT_CONDITIONS,
  ALERT_RULE_SOURCES,
  CYCLE_COUNT_LINE_STATUSES,
  CYCLE_COUNT_SCOPES,
  CYCLE_COUNT_STATUSES,
  DELIVERY_STATUSES,
  DISPOSITIONS,
  EVENT_TYPES,
  EXCHANGE_PROVISIONS,
  INBOUND_SHIPMENT_STATUSES,
  INVENTORY_ITEM_KINDS,
  INVENTORY_MOVEMENT_REASONS,
  INVENTORY_MOVEMENT_SOURCES,
  LABEL_FORMATS,
  LABEL_SIZES,
  LABEL_SUBJECT_TYPES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_STATUSES,
  REPORT_FREQUENCIES,
  RETURN_ACTIVITY_KINDS,
  RETURN_SHIPMENT_STATUSES,
  RETURN_STATUSES,
  RETURN_TYPES,
  SAVED_VIEW_LISTS,
  STAFF_ROLES,
  STOCK_STATES,
  SUPPLIER_CLAIM_EVENT_KINDS,
  SUPPLIER_CLAIM_REASONS,
  SUPPLIER_CLAIM_STATUSES,
  TRANSFER_STATUSES,
  WEBHOOK_KINDS,
  WEBHOOK_PAYLOADS,
  WEBHOOK_TOPICS,
} from "../../enums";

export const staffRole = pgEnum("staff_role", STAFF_ROLES);
export const inboundShipmentStatus = pgEnum("inbound_shipment_status", INBOUND_SHIPMENT_STATUSES);
export const inventoryItemKind = pgEnum("inventory_item_kind", INVENTORY_ITEM_KINDS);
export const returnStatus = pgEnum("return_status", RETURN_STATUSES);
export const returnActivityKind = pgEnum("return_activity_kind", RETURN_ACTIVITY_KINDS);
export const returnType = pgEnum("return_type", RETURN_TYPES);
export const exchangeProvision = pgEnum("exchange_provision", EXCHANGE_PROVISIONS);
export const returnShipmentStatus = pgEnum("return_shipment_status", RETURN_SHIPMENT_STATUSES);
export const webhookTopic = pgEnum("webhook_topic", WEBHOOK_TOPICS);
export const webhookKind = pgEnum("webhook_kind", WEBHOOK_KINDS);
export const webhookPayload = pgEnum("webhook_payload", WEBHOOK_PAYLOADS);
export const eventType = pgEnum("event_type", EVENT_TYPES);
export const deliveryStatus = pgEnum("delivery_status", DELIVERY_STATUSES);
export const inventoryMovementReason = pgEnum("inventory_movement_reason", INVENTORY_MOVEMENT_REASONS);
export const inventoryMovementSource = pgEnum("inventory_movement_source", INVENTORY_MOVEMENT_SOURCES);
export const actorKind = pgEnum("actor_kind", ACTOR_KINDS);
export const savedViewList = pgEnum("saved_view_list", SAVED_VIEW_LISTS);
export const labelFormat = pgEnum("label_format", LABEL_FORMATS);
export const labelSize = pgEnum("label_size", LABEL_SIZES);
export const labelSubjectType = pgEnum("label_subject_type", LABEL_SUBJECT_TYPES);
export const transferStatus = pgEnum("transfer_status", TRANSFER_STATUSES);
export const cycleCountStatus = pgEnum("cycle_count_status", CYCLE_COUNT_STATUSES);
export const cycleCountLineStatus = pgEnum("cycle_count_line_status", CYCLE_COUNT_LINE_STATUSES);
export const cycleCountScope = pgEnum("cycle_count_scope", CYCLE_COUNT_SCOPES);
export const supplierClaimStatus = pgEnum("supplier_claim_status", SUPPLIER_CLAIM_STATUSES);
export const supplierClaimReason = pgEnum("supplier_claim_reason", SUPPLIER_CLAIM_REASONS);
export const supplierClaimEventKind = pgEnum("supplier_claim_event_kind", SUPPLIER_CLAIM_EVENT_KINDS);
export const stockState = pgEnum("stock_state", STOCK_STATES);
export const disposition = pgEnum("disposition", DISPOSITIONS);
export const alertSource = pgEnum("alert_source", ALERT_RULE_SOURCES);
export const alertCondition = pgEnum("alert_condition", ALERT_CONDITIONS);
export const notificationKind = pgEnum("notification_kind", NOTIFICATION_KINDS);
export const notificationChannel = pgEnum("notification_channel", NOTIFICATION_CHANNELS);
export const notificationStatus = pgEnum("notification_status", NOTIFICATION_STATUSES);
export const reportFrequency = pgEnum("report_frequency", REPORT_FREQUENCIES);
