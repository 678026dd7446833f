CREATE TYPE "public"."disposition" AS ENUM('restock', 'open_box', 'refurbish', 'return_to_vendor', 'liquidate', 'donate', 'dispose', 'quarantine');--> statement-breakpoint
CREATE TYPE "public"."stock_state" AS ENUM('sellable', 'open_box', 'refurbish', 'return_to_vendor', 'liquidate', 'donate', 'dispose', 'quarantine');--> statement-breakpoint
ALTER TYPE "public"."inventory_movement_reason" ADD VALUE 'disposition';--> statement-breakpoint
ALTER TYPE "public"."inventory_movement_source" ADD VALUE 'disposition_change';--> statement-breakpoint
CREATE TABLE "disposition_rules" (
	"store_id" text NOT NULL,
	"position" integer NOT NULL,
	"grade" text,
	"outcome" text,
	"disposition" "disposition" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disposition_rules_store_id_position_pk" PRIMARY KEY("store_id","position")
);
--> statement-breakpoint
CREATE TABLE "stock_state_quantities" (
	"store_id" text NOT NULL,
	"inventory_item_id" text NOT NULL,
	"location_id" text NOT NULL,
	"state" "stock_state" NOT NULL,
	"bin_id" text,
	"quantity" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_state_quantities_key" UNIQUE NULLS NOT DISTINCT("inventory_item_id","location_id","state","bin_id"),
	CONSTRAINT "stock_state_quantities_quantity_nonnegative" CHECK ("stock_state_quantities"."quantity" >= 0),
	CONSTRAINT "stock_state_quantities_not_sellable" CHECK ("stock_state_quantities"."state" <> 'sellable')
);
--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "stock_state" "stock_state" DEFAULT 'sellable' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_items" ADD COLUMN "disposition" "disposition";--> statement-breakpoint
ALTER TABLE "disposition_rules" ADD CONSTRAINT "disposition_rules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_state_quantities" ADD CONSTRAINT "stock_state_quantities_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_state_quantities" ADD CONSTRAINT "stock_state_quantities_location_fk" FOREIGN KEY ("store_id","location_id") REFERENCES "public"."locations"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_state_quantities" ADD CONSTRAINT "stock_state_quantities_bin_fk" FOREIGN KEY ("store_id","location_id","bin_id") REFERENCES "public"."bins"("store_id","location_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_state_quantities_store_state_idx" ON "stock_state_quantities" USING btree ("store_id","state");--> statement-breakpoint
CREATE INDEX "inventory_movements_store_state_idx" ON "inventory_movements" USING btree ("store_id","stock_state","seq" DESC NULLS LAST) WHERE "inventory_movements"."stock_state" <> 'sellable';