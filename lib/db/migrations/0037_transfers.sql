CREATE TYPE "public"."transfer_status" AS ENUM('DRAFT', 'IN_TRANSIT', 'PARTIALLY_RECEIVED', 'CLOSED', 'CANCELLED');--> statement-breakpoint
ALTER TYPE "public"."inventory_movement_reason" ADD VALUE 'transfer_out';--> statement-breakpoint
ALTER TYPE "public"."inventory_movement_reason" ADD VALUE 'transfer_cancelled';--> statement-breakpoint
ALTER TYPE "public"."inventory_movement_source" ADD VALUE 'transfer';--> statement-breakpoint
ALTER TYPE "public"."webhook_topic" ADD VALUE 'transfer';--> statement-breakpoint
CREATE TABLE "transfer_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"inventory_item_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "transfer_lines_id_prefix" CHECK ("transfer_lines"."id" like 'trl\_%'),
	CONSTRAINT "transfer_lines_quantity_positive" CHECK ("transfer_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"origin_location_id" text NOT NULL,
	"destination_location_id" text NOT NULL,
	"status" "transfer_status" DEFAULT 'DRAFT' NOT NULL,
	"inbound_shipment_id" text,
	"note" text,
	"line_count" integer DEFAULT 0 NOT NULL,
	"unit_count" integer DEFAULT 0 NOT NULL,
	"created_by_name" text,
	"shipped_at" timestamp (3) with time zone,
	"shipped_by_name" text,
	"closed_at" timestamp (3) with time zone,
	"cancelled_at" timestamp (3) with time zone,
	"cancelled_by_name" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_id_prefix" CHECK ("transfers"."id" like 'trf\_%'),
	CONSTRAINT "transfers_two_locations" CHECK ("transfers"."origin_location_id" <> "transfers"."destination_location_id"),
	CONSTRAINT "transfers_counts_nonnegative" CHECK ("transfers"."line_count" >= 0 and "transfers"."unit_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD CONSTRAINT "transfer_lines_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD CONSTRAINT "transfer_lines_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_inbound_shipment_id_inbound_shipments_id_fk" FOREIGN KEY ("inbound_shipment_id") REFERENCES "public"."inbound_shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_origin_fk" FOREIGN KEY ("store_id","origin_location_id") REFERENCES "public"."locations"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_destination_fk" FOREIGN KEY ("store_id","destination_location_id") REFERENCES "public"."locations"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_lines_transfer_item_key" ON "transfer_lines" USING btree ("transfer_id","inventory_item_id");--> statement-breakpoint
CREATE INDEX "transfer_lines_item_idx" ON "transfer_lines" USING btree ("inventory_item_id");--> statement-breakpoint
CREATE INDEX "transfers_store_updated_idx" ON "transfers" USING btree ("store_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "transfers_store_status_updated_idx" ON "transfers" USING btree ("store_id","status","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_inbound_shipment_key" ON "transfers" USING btree ("inbound_shipment_id") WHERE "transfers"."inbound_shipment_id" is not null;