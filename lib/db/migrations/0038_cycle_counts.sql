CREATE TYPE "public"."cycle_count_line_status" AS ENUM('pending', 'counted', 'accepted', 'review', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."cycle_count_scope" AS ENUM('bins', 'zone', 'skus', 'not_counted_since');--> statement-breakpoint
CREATE TYPE "public"."cycle_count_status" AS ENUM('draft', 'in_progress', 'in_review', 'completed', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."inventory_movement_source" ADD VALUE 'cycle_count';--> statement-breakpoint
CREATE TABLE "cycle_count_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"cycle_count_id" text NOT NULL,
	"store_id" text NOT NULL,
	"location_id" text NOT NULL,
	"bin_id" text,
	"inventory_item_id" text NOT NULL,
	"status" "cycle_count_line_status" DEFAULT 'pending' NOT NULL,
	"snapshot_quantity" integer,
	"counted_quantity" integer,
	"unit_value" numeric(14, 2),
	"snapshot_at" timestamp (3) with time zone,
	"counted_at" timestamp (3) with time zone,
	"accepted_by" text,
	"recounts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_count_lines_id_prefix" CHECK ("cycle_count_lines"."id" like 'cnl\_%'),
	CONSTRAINT "cycle_count_lines_counted_nonnegative" CHECK ("cycle_count_lines"."counted_quantity" is null or "cycle_count_lines"."counted_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cycle_count_settings" (
	"store_id" text PRIMARY KEY NOT NULL,
	"auto_accept_units" integer,
	"auto_accept_value" numeric(14, 2),
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_count_settings_units_nonnegative" CHECK ("cycle_count_settings"."auto_accept_units" is null or "cycle_count_settings"."auto_accept_units" >= 0),
	CONSTRAINT "cycle_count_settings_value_nonnegative" CHECK ("cycle_count_settings"."auto_accept_value" is null or "cycle_count_settings"."auto_accept_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cycle_counts" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"location_id" text NOT NULL,
	"name" text NOT NULL,
	"status" "cycle_count_status" DEFAULT 'draft' NOT NULL,
	"blind" boolean DEFAULT false NOT NULL,
	"scope_type" "cycle_count_scope" NOT NULL,
	"scope" jsonb NOT NULL,
	"created_by_kind" "actor_kind" NOT NULL,
	"created_by_id" text,
	"created_by_name" text,
	"applied_by_name" text,
	"started_at" timestamp (3) with time zone,
	"submitted_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"cancelled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_counts_store_id_key" UNIQUE("store_id","id"),
	CONSTRAINT "cycle_counts_id_prefix" CHECK ("cycle_counts"."id" like 'cnt\_%')
);
--> statement-breakpoint
ALTER TABLE "cycle_count_lines" ADD CONSTRAINT "cycle_count_lines_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_lines" ADD CONSTRAINT "cycle_count_lines_count_fk" FOREIGN KEY ("store_id","cycle_count_id") REFERENCES "public"."cycle_counts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_lines" ADD CONSTRAINT "cycle_count_lines_bin_fk" FOREIGN KEY ("store_id","location_id","bin_id") REFERENCES "public"."bins"("store_id","location_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_settings" ADD CONSTRAINT "cycle_count_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_counts" ADD CONSTRAINT "cycle_counts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_counts" ADD CONSTRAINT "cycle_counts_location_fk" FOREIGN KEY ("store_id","location_id") REFERENCES "public"."locations"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_count_lines_place_key" ON "cycle_count_lines" USING btree ("cycle_count_id",coalesce("bin_id", ''),"inventory_item_id");--> statement-breakpoint
CREATE INDEX "cycle_count_lines_item_idx" ON "cycle_count_lines" USING btree ("inventory_item_id");--> statement-breakpoint
CREATE INDEX "cycle_counts_store_created_idx" ON "cycle_counts" USING btree ("store_id","created_at" DESC NULLS LAST,"id");