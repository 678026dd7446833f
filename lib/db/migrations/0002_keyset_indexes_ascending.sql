DROP INDEX "inbound_shipments_store_updated_idx";--> statement-breakpoint
DROP INDEX "inbound_shipments_store_status_updated_idx";--> statement-breakpoint
DROP INDEX "inbound_shipments_store_location_updated_idx";--> statement-breakpoint
DROP INDEX "inventory_items_store_updated_idx";--> statement-breakpoint
DROP INDEX "returns_store_updated_idx";--> statement-breakpoint
DROP INDEX "returns_store_status_updated_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_webhook_created_idx";--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_status_location_updated_idx" ON "inbound_shipments" USING btree ("store_id","status","location_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_updated_idx" ON "inbound_shipments" USING btree ("store_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_status_updated_idx" ON "inbound_shipments" USING btree ("store_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_location_updated_idx" ON "inbound_shipments" USING btree ("store_id","location_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "inventory_items_store_updated_idx" ON "inventory_items" USING btree ("store_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "returns_store_updated_idx" ON "returns" USING btree ("store_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "returns_store_status_updated_idx" ON "returns" USING btree ("store_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_created_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");