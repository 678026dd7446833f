CREATE TYPE "public"."label_format" AS ENUM('pdf', 'zpl');--> statement-breakpoint
CREATE TYPE "public"."label_size" AS ENUM('4x6', '2x1', 'a4', 'letter');--> statement-breakpoint
CREATE TYPE "public"."label_subject_type" AS ENUM('return', 'inbound_shipment', 'inventory_item', 'location');--> statement-breakpoint
CREATE TABLE "label_prints" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"subject_type" "label_subject_type" NOT NULL,
	"subject_id" text NOT NULL,
	"format" "label_format" NOT NULL,
	"size" "label_size" NOT NULL,
	"label_count" integer NOT NULL,
	"actor_kind" "actor_kind" NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_prints_id_prefix" CHECK ("label_prints"."id" like 'lbp\_%'),
	CONSTRAINT "label_prints_count_positive" CHECK ("label_prints"."label_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "return_items" ADD COLUMN "license_plate" text;--> statement-breakpoint
ALTER TABLE "label_prints" ADD CONSTRAINT "label_prints_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_prints_subject_idx" ON "label_prints" USING btree ("store_id","subject_type","subject_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_items_license_plate_key" ON "return_items" USING btree ("license_plate") WHERE "return_items"."license_plate" is not null;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_license_plate_format" CHECK ("return_items"."license_plate" is null or "return_items"."license_plate" ~ '^LP-[0-9A-HJKMNP-TV-Z]{8}$');