ALTER TABLE "locations" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD COLUMN "discount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_external_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_external_key" ON "orders" USING btree ("store_id","external_id") WHERE "orders"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_store_updated_idx" ON "orders" USING btree ("store_id","updated_at","id");--> statement-breakpoint
-- Orders loaded before this migration: the address their first return came from is where they were shipped.
UPDATE "orders" SET "shipping_address" = "first_return"."source_address"
FROM (
  SELECT DISTINCT ON ("order_id") "order_id", "source_address" FROM "returns" ORDER BY "order_id", "created_at"
) AS "first_return"
WHERE "first_return"."order_id" = "orders"."id" AND "orders"."shipping_address" IS NULL;
