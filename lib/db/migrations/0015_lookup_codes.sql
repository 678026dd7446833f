CREATE INDEX "inbound_shipments_store_tracking_idx" ON "inbound_shipments" USING btree ("store_id","tracking_number");--> statement-breakpoint
CREATE INDEX "product_variants_store_upc_idx" ON "product_variants" USING btree ("store_id","upc");--> statement-breakpoint
CREATE INDEX "return_items_external_identifier_idx" ON "return_items" USING btree ("external_identifier");--> statement-breakpoint
CREATE INDEX "return_shipments_tracker_idx" ON "return_shipments" USING btree ("tracker");