CREATE TABLE "inbound_receipt_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"receipt_id" text NOT NULL,
	"shipment_item_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"damaged" integer DEFAULT 0 NOT NULL,
	"missing" integer DEFAULT 0 NOT NULL,
	"damaged_reason" text,
	"missing_reason" text,
	"note" text,
	"photo_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "inbound_receipt_lines_id_prefix" CHECK ("inbound_receipt_lines"."id" like 'rcl\_%'),
	CONSTRAINT "inbound_receipt_lines_not_empty" CHECK ("inbound_receipt_lines"."received" <> 0 or "inbound_receipt_lines"."damaged" <> 0 or "inbound_receipt_lines"."missing" <> 0)
);
--> statement-breakpoint
CREATE TABLE "inbound_receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"shipment_id" text NOT NULL,
	"location_id" text NOT NULL,
	"bin" text,
	"note" text,
	"corrects_receipt_id" text,
	"received_by_user_id" text,
	"received_by_api_key_id" text,
	"received_by_name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_receipts_id_prefix" CHECK ("inbound_receipts"."id" like 'rcp\_%')
);
--> statement-breakpoint
ALTER TABLE "inbound_shipment_items" DROP CONSTRAINT "inbound_shipment_items_quantities";--> statement-breakpoint
ALTER TABLE "inbound_receipt_lines" ADD CONSTRAINT "inbound_receipt_lines_receipt_id_inbound_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."inbound_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_receipt_lines" ADD CONSTRAINT "inbound_receipt_lines_shipment_item_id_inbound_shipment_items_id_fk" FOREIGN KEY ("shipment_item_id") REFERENCES "public"."inbound_shipment_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_receipts" ADD CONSTRAINT "inbound_receipts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_receipts" ADD CONSTRAINT "inbound_receipts_shipment_id_inbound_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."inbound_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_receipts" ADD CONSTRAINT "inbound_receipts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_receipts" ADD CONSTRAINT "inbound_receipts_received_by_user_id_staff_users_id_fk" FOREIGN KEY ("received_by_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_receipts" ADD CONSTRAINT "inbound_receipts_received_by_api_key_id_api_keys_id_fk" FOREIGN KEY ("received_by_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_receipt_lines_receipt_idx" ON "inbound_receipt_lines" USING btree ("receipt_id","position");--> statement-breakpoint
CREATE INDEX "inbound_receipt_lines_item_idx" ON "inbound_receipt_lines" USING btree ("shipment_item_id");--> statement-breakpoint
CREATE INDEX "inbound_receipts_shipment_idx" ON "inbound_receipts" USING btree ("shipment_id","created_at","id");--> statement-breakpoint
ALTER TABLE "inbound_shipment_items" ADD CONSTRAINT "inbound_shipment_items_quantities" CHECK ("inbound_shipment_items"."quantity" > 0 and "inbound_shipment_items"."received_quantity" >= 0 and "inbound_shipment_items"."damaged_quantity" >= 0 and "inbound_shipment_items"."missing_quantity" >= 0);