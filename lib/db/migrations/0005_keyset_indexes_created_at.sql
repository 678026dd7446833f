DROP INDEX "inbound_shipments_store_updated_idx";--> statement-breakpoint
DROP INDEX "inbound_shipments_store_status_updated_idx";--> statement-breakpoint
DROP INDEX "inbound_shipments_store_location_updated_idx";--> statement-breakpoint
DROP INDEX "inbound_shipments_store_status_location_updated_idx";--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_updated_idx" ON "inbound_shipments" USING btree ("store_id","updated_at","id","created_at");--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_status_updated_idx" ON "inbound_shipments" USING btree ("store_id","status","updated_at","id","created_at");--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_location_updated_idx" ON "inbound_shipments" USING btree ("store_id","location_id","updated_at","id","created_at");--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_status_location_updated_idx" ON "inbound_shipments" USING btree ("store_id","status","location_id","updated_at","id","created_at");