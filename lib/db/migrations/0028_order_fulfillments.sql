CREATE TABLE "order_fulfillment_lines" (
	"fulfillment_id" text NOT NULL,
	"order_line_item_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_fulfillment_lines_fulfillment_id_order_line_item_id_pk" PRIMARY KEY("fulfillment_id","order_line_item_id"),
	CONSTRAINT "order_fulfillment_lines_quantity_positive" CHECK ("order_fulfillment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_fulfillments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"external_id" text,
	"tracking_company" text,
	"tracking_number" text,
	"tracking_url" text,
	"status" text DEFAULT 'pre_transit' NOT NULL,
	"estimated_delivery_date" date,
	"shipped_at" timestamp (3) with time zone,
	"delivered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_fulfillments_id_prefix" CHECK ("order_fulfillments"."id" like 'ful\_%')
);
--> statement-breakpoint
CREATE TABLE "order_tracking_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"fulfillment_id" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"location" jsonb
);
--> statement-breakpoint
ALTER TABLE "order_line_items" ADD COLUMN "platform_details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_details" jsonb;--> statement-breakpoint
ALTER TABLE "order_fulfillment_lines" ADD CONSTRAINT "order_fulfillment_lines_fulfillment_id_order_fulfillments_id_fk" FOREIGN KEY ("fulfillment_id") REFERENCES "public"."order_fulfillments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillment_lines" ADD CONSTRAINT "order_fulfillment_lines_order_line_item_id_order_line_items_id_fk" FOREIGN KEY ("order_line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillments" ADD CONSTRAINT "order_fulfillments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking_events" ADD CONSTRAINT "order_tracking_events_fulfillment_id_order_fulfillments_id_fk" FOREIGN KEY ("fulfillment_id") REFERENCES "public"."order_fulfillments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_fulfillment_lines_line_idx" ON "order_fulfillment_lines" USING btree ("order_line_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_fulfillments_order_external_key" ON "order_fulfillments" USING btree ("order_id","external_id") WHERE "order_fulfillments"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "order_fulfillments_order_idx" ON "order_fulfillments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_tracking_events_fulfillment_idx" ON "order_tracking_events" USING btree ("fulfillment_id","occurred_at","seq");