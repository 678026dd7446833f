import type { WebhookTopic } from "@/lib/enums";

/** What a topic's events are about, one and many, and the app's section that shows one of them. */
export const TOPIC_SUBJECTS: Record<WebhookTopic, { one: string; many: string; section: string }> = {
  return: { one: "return", many: "returns", section: "returns" },
  inventory_item: { one: "inventory item", many: "inventory items", section: "inventory" },
  inbound_shipment: { one: "inbound shipment", many: "inbound shipments", section: "shipments" },
  transfer: { one: "transfer", many: "transfers", section: "transfers" },
  supplier_claim: { one: "supplier claim", many: "supplier claims", section: "supplier-claims" },
  // An alert rule has no page of its own: the built-ins and one's alerts are on Settings → Notifications.
  alert: { one: "alert", many: "alerts", section: "settings/notifications" },
};

/** The app's page of an event's subject (a return, an inventory item, an inbound shipment). */
export function subjectHref(topic: WebhookTopic, storeId: string, subjectId: string): string {
  if (topic === "alert") return `/stores/${storeId}/${TOPIC_SUBJECTS.alert.section}`;
  return `/stores/${storeId}/${TOPIC_SUBJECTS[topic].section}/${subjectId}`;
}

/** Every topic in one phrase, for what is said of all webhooks. */
export const ALL_TOPICS_PHRASE = "returns, inbound shipments and inventory";
