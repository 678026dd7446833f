ALTER TYPE "public"."inventory_movement_reason" ADD VALUE 'moved';--> statement-breakpoint
ALTER TYPE "public"."inventory_movement_source" ADD VALUE 'bin_move';--> statement-breakpoint
ALTER TYPE "public"."label_subject_type" ADD VALUE 'bin';--> statement-breakpoint
CREATE TABLE "bin_stock" (
	"bin_id" text NOT NULL,
	"inventory_item_id" text NOT NULL,
	"store_id" text NOT NULL,
	"location_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bin_stock_bin_id_inventory_item_id_pk" PRIMARY KEY("bin_id","inventory_item_id"),
	CONSTRAINT "bin_stock_quantity_nonnegative" CHECK ("bin_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bins" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"location_id" text NOT NULL,
	"code" text NOT NULL,
	"zone" text,
	"capacity" integer,
	"archived_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bins_store_location_id_key" UNIQUE("store_id","location_id","id"),
	CONSTRAINT "bins_id_prefix" CHECK ("bins"."id" like 'bin\_%'),
	CONSTRAINT "bins_capacity_positive" CHECK ("bins"."capacity" is null or "bins"."capacity" > 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "bin_id" text;--> statement-breakpoint
ALTER TABLE "bin_stock" ADD CONSTRAINT "bin_stock_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bin_stock" ADD CONSTRAINT "bin_stock_bin_fk" FOREIGN KEY ("store_id","location_id","bin_id") REFERENCES "public"."bins"("store_id","location_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bins" ADD CONSTRAINT "bins_location_fk" FOREIGN KEY ("store_id","location_id") REFERENCES "public"."locations"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bin_stock_item_location_idx" ON "bin_stock" USING btree ("inventory_item_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bins_location_code_key" ON "bins" USING btree ("location_id",lower("code"));--> statement-breakpoint
CREATE INDEX "bins_store_code_idx" ON "bins" USING btree ("store_id",lower("code"));--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_bin_fk" FOREIGN KEY ("store_id","location_id","bin_id") REFERENCES "public"."bins"("store_id","location_id","id") ON DELETE cascade ON UPDATE no action;