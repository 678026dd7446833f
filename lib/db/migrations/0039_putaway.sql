CREATE TABLE "putaway_rules" (
	"store_id" text NOT NULL,
	"location_id" text NOT NULL,
	"position" integer NOT NULL,
	"match_field" text NOT NULL,
	"match_value" text NOT NULL,
	"zone" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "putaway_rules_location_id_position_pk" PRIMARY KEY("location_id","position"),
	CONSTRAINT "putaway_rules_match_field" CHECK ("putaway_rules"."match_field" in ('product_type', 'tag'))
);
--> statement-breakpoint
ALTER TABLE "inbound_receipt_lines" ADD COLUMN "lot_number" text;--> statement-breakpoint
ALTER TABLE "inbound_receipt_lines" ADD COLUMN "expiration_date" date;--> statement-breakpoint
ALTER TABLE "inbound_receipts" ADD COLUMN "bin_id" text;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "lot_number" text;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "expiration_date" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "product_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tracks_lots" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "putaway_rules" ADD CONSTRAINT "putaway_rules_location_fk" FOREIGN KEY ("store_id","location_id") REFERENCES "public"."locations"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_receipts" ADD CONSTRAINT "inbound_receipts_bin_fk" FOREIGN KEY ("store_id","location_id","bin_id") REFERENCES "public"."bins"("store_id","location_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bins_location_zone_idx" ON "bins" USING btree ("location_id",lower("zone"),lower("code"));--> statement-breakpoint
CREATE INDEX "inventory_movements_item_bin_in_idx" ON "inventory_movements" USING btree ("inventory_item_id","location_id","seq" DESC NULLS LAST) WHERE "inventory_movements"."bin_id" is not null and "inventory_movements"."quantity_delta" > 0;--> statement-breakpoint
CREATE INDEX "inventory_movements_item_lot_idx" ON "inventory_movements" USING btree ("inventory_item_id","seq" DESC NULLS LAST) WHERE "inventory_movements"."lot_number" is not null;