CREATE TYPE "public"."delivery_status" AS ENUM('pending', 'delivered', 'discarded');--> statement-breakpoint
CREATE TYPE "public"."event_type" AS ENUM('created', 'updated', 'backfill', 'test');--> statement-breakpoint
CREATE TYPE "public"."exchange_provision" AS ENUM('instant', 'deferred');--> statement-breakpoint
CREATE TYPE "public"."inbound_shipment_status" AS ENUM('PENDING', 'IN_TRANSIT', 'PARTIALLY_RECEIVED', 'RECEIVED');--> statement-breakpoint
CREATE TYPE "public"."inventory_item_kind" AS ENUM('PRODUCT', 'RETURN', 'UNDECLARED', 'UNKNOWN');--> statement-breakpoint
CREATE TYPE "public"."return_shipment_status" AS ENUM('unknown', 'pre_transit', 'in_transit', 'out_for_delivery', 'available_for_pickup', 'cancelled', 'delivered', 'error', 'failure', 'return_to_sender', 'expired');--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('open', 'in_transit', 'delivered', 'needs_review', 'in_review', 'complete', 'rejected', 'flagged', 'pre_shipment', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."return_type" AS ENUM('return', 'claim', 'warranty');--> statement-breakpoint
CREATE TYPE "public"."staff_role" AS ENUM('admin', 'editor', 'viewer');--> statement-breakpoint
CREATE TYPE "public"."webhook_kind" AS ENUM('snapshot', 'thin');--> statement-breakpoint
CREATE TYPE "public"."webhook_topic" AS ENUM('return');--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"start" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by_user_id" text,
	"last_used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_id_prefix" CHECK ("api_keys"."id" like 'key\_%')
);
--> statement-breakpoint
CREATE TABLE "comment_images" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_images_id_prefix" CHECK ("comment_images"."id" like 'img\_%'),
	CONSTRAINT "comment_images_content_type" CHECK ("comment_images"."content_type" in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
	CONSTRAINT "comment_images_size" CHECK ("comment_images"."byte_size" between 1 and 5242880)
);
--> statement-breakpoint
CREATE TABLE "delivery_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"attempt_number" integer NOT NULL,
	"attempted_at" timestamp (3) with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"response_status" integer,
	"error" text,
	"response_body_excerpt" text,
	CONSTRAINT "delivery_attempts_id_prefix" CHECK ("delivery_attempts"."id" like 'att\_%')
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"store_id" text NOT NULL,
	"topic" "webhook_topic" NOT NULL,
	"type" "event_type" NOT NULL,
	"subject_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_id_prefix" CHECK ("events"."id" like 'evt\_%')
);
--> statement-breakpoint
CREATE TABLE "inbound_shipment_items" (
	"id" text PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	"missing_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inbound_shipment_items_id_prefix" CHECK ("inbound_shipment_items"."id" like 'isp\_%'),
	CONSTRAINT "inbound_shipment_items_quantities" CHECK ("inbound_shipment_items"."quantity" > 0 and "inbound_shipment_items"."received_quantity" >= 0 and "inbound_shipment_items"."damaged_quantity" >= 0 and "inbound_shipment_items"."missing_quantity" >= 0
        and "inbound_shipment_items"."received_quantity" + "inbound_shipment_items"."damaged_quantity" + "inbound_shipment_items"."missing_quantity" <= "inbound_shipment_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "inbound_shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"location_id" text NOT NULL,
	"shipment_id" text,
	"status" "inbound_shipment_status" NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"shipped_at" timestamp (3) with time zone,
	"estimated_arrival_date" date,
	"actual_arrival_date" date,
	"freight_type" text,
	"payment_terms" text,
	"currency" char(3) NOT NULL,
	"freight_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"duty_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sku_count" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"received_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_shipments_id_prefix" CHECK ("inbound_shipments"."id" like 'inb\_%'),
	CONSTRAINT "inbound_shipments_counts_nonnegative" CHECK ("inbound_shipments"."sku_count" >= 0 and "inbound_shipments"."item_count" >= 0 and "inbound_shipments"."received_count" >= 0),
	CONSTRAINT "inbound_shipments_costs_nonnegative" CHECK ("inbound_shipments"."freight_cost" >= 0 and "inbound_shipments"."duty_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"variant_id" text,
	"sku" text,
	"name" text,
	"kind" "inventory_item_kind" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_id_prefix" CHECK ("inventory_items"."id" like 'ii\_%')
);
--> statement-breakpoint
CREATE TABLE "inventory_levels" (
	"inventory_item_id" text NOT NULL,
	"store_id" text NOT NULL,
	"location_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_levels_inventory_item_id_location_id_pk" PRIMARY KEY("inventory_item_id","location_id"),
	CONSTRAINT "inventory_levels_quantity_nonnegative" CHECK ("inventory_levels"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"external_id" text,
	"city" text,
	"country" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_store_id_key" UNIQUE("store_id","id"),
	CONSTRAINT "locations_id_prefix" CHECK ("locations"."id" like 'loc\_%')
);
--> statement-breakpoint
CREATE TABLE "order_line_items" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"external_id" text,
	"variant_id" text,
	"product_name" text NOT NULL,
	"product_external_id" text,
	"variant_name" text NOT NULL,
	"variant_external_id" text,
	"sku" text,
	"weight_kg" numeric(10, 3),
	"currency" char(3) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"fulfillment_location_id" text,
	CONSTRAINT "order_line_items_id_prefix" CHECK ("order_line_items"."id" like 'oli\_%'),
	CONSTRAINT "order_line_items_quantity_positive" CHECK ("order_line_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"external_id" text,
	"customer_given_name" text NOT NULL,
	"customer_surname" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"currency" char(3) NOT NULL,
	"discounts" numeric(14, 2) DEFAULT '0' NOT NULL,
	"line_items_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"shipping_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"taxes" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_id_prefix" CHECK ("orders"."id" like 'ord\_%')
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"sku" text,
	"upc" text,
	"external_id" text,
	"price" numeric(14, 2) NOT NULL,
	"weight_kg" numeric(10, 3),
	"image_url" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_id_prefix" CHECK ("product_variants"."id" like 'var\_%'),
	CONSTRAINT "product_variants_price_nonnegative" CHECK ("product_variants"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"title" text NOT NULL,
	"external_id" text,
	"image_url" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_id_prefix" CHECK ("products"."id" like 'prd\_%')
);
--> statement-breakpoint
CREATE TABLE "return_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"message" text,
	"image_id" text,
	"author_user_id" text,
	"author_api_key_id" text,
	"author_name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_comments_id_prefix" CHECK ("return_comments"."id" like 'cmt\_%'),
	CONSTRAINT "return_comments_one_body" CHECK (("return_comments"."message" is null) <> ("return_comments"."image_id" is null))
);
--> statement-breakpoint
CREATE TABLE "return_dropoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"shipment_group_id" text NOT NULL,
	"provider" text NOT NULL,
	"qr_code" text NOT NULL,
	"qr_code_url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_exchange_items" (
	"id" text PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"product_name" text NOT NULL,
	"product_external_id" text,
	"variant_name" text NOT NULL,
	"variant_external_id" text,
	"sku" text,
	"weight_kg" numeric(10, 3),
	"currency" char(3) NOT NULL,
	"original_price" numeric(14, 2) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"price_tax" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "return_exchange_items_id_prefix" CHECK ("return_exchange_items"."id" like 'rxi\_%'),
	CONSTRAINT "return_exchange_items_quantity_positive" CHECK ("return_exchange_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_exchanges" (
	"return_id" text PRIMARY KEY NOT NULL,
	"provision" "exchange_provision" NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"order_external_id" text,
	"currency" char(3) NOT NULL,
	"total_tax" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"code" text NOT NULL,
	"external_id" text NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_gift_cards_amount_positive" CHECK ("return_gift_cards"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_item_assessments" (
	"id" text PRIMARY KEY NOT NULL,
	"return_item_id" text NOT NULL,
	"assigned_user_id" text NOT NULL,
	"assigned_user_name" text NOT NULL,
	"assigned_user_first_name" text NOT NULL,
	"assigned_user_last_name" text NOT NULL,
	"assigned_user_email" text NOT NULL,
	"responses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_item_assessments_id_prefix" CHECK ("return_item_assessments"."id" like 'ras\_%')
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"id" text PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"order_line_item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"reason_code" text,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"reason_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"customer_comment" text,
	"grade" text,
	"green_return" boolean,
	"outcome" text,
	"status" text,
	"shipment_group_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"external_identifier" text,
	"external_return_line_item_id" text,
	"product_id" text,
	"variant_id" text,
	"sku" text,
	"upc" text,
	"product_adjustment" text,
	"currency" char(3) NOT NULL,
	"refund_amount" numeric(14, 2),
	"refund_type" text,
	"product_value_no_tax_no_adjustment" numeric(14, 2),
	"exchange_product_external_id" text,
	"exchange_product_name" text,
	"exchange_variant_external_id" text,
	"exchange_variant_name" text,
	"exchange_quantity" integer,
	"multiple_choice_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "return_items_id_prefix" CHECK ("return_items"."id" like 'rti\_%'),
	CONSTRAINT "return_items_quantity_positive" CHECK ("return_items"."quantity" > 0),
	CONSTRAINT "return_items_external_identifier" CHECK ("return_items"."external_identifier" is null or char_length("return_items"."external_identifier") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "return_shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"carrier" text,
	"tracker" text,
	"tracking_url" text,
	"postage_label" text,
	"form_label" text,
	"shipment_group_id" text,
	"external_location_id" text,
	"estimated_delivery_date" text,
	"delivered_at" timestamp (3) with time zone,
	"status" "return_shipment_status" DEFAULT 'unknown' NOT NULL,
	"item_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "return_shipments_id_prefix" CHECK ("return_shipments"."id" like 'rsh\_%')
);
--> statement-breakpoint
CREATE TABLE "return_tags" (
	"return_id" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_tags_return_id_name_pk" PRIMARY KEY("return_id","name")
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"type" "return_type" DEFAULT 'return' NOT NULL,
	"status" "return_status" DEFAULT 'open' NOT NULL,
	"compensation_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"complete_with_no_action" boolean DEFAULT false NOT NULL,
	"external_order_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"platform_order_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"internal_created_by_name" text,
	"source_email" text NOT NULL,
	"source_given_name" text NOT NULL,
	"source_surname" text NOT NULL,
	"source_phone" text NOT NULL,
	"source_address" jsonb NOT NULL,
	"destination_address" jsonb NOT NULL,
	"destination_phone" text,
	"currency" char(3) NOT NULL,
	"charge_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"exchange_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refund_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"store_credit_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_id_prefix" CHECK ("returns"."id" like 'ret\_%')
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"last_login_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_email_lower" CHECK ("staff_users"."email" = lower("staff_users"."email")),
	CONSTRAINT "staff_users_id_prefix" CHECK ("staff_users"."id" like 'usr\_%')
);
--> statement-breakpoint
CREATE TABLE "store_memberships" (
	"store_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" "staff_role" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_memberships_store_id_user_id_pk" PRIMARY KEY("store_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_id_prefix" CHECK ("stores"."id" like 'str\_%')
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"event_id" text NOT NULL,
	"store_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"event_seq" bigint NOT NULL,
	"trigger" text DEFAULT 'event' NOT NULL,
	"status" "delivery_status" DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp (3) with time zone,
	"last_attempt_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_id_prefix" CHECK ("webhook_deliveries"."id" like 'dlv\_%'),
	CONSTRAINT "webhook_deliveries_trigger" CHECK ("webhook_deliveries"."trigger" in ('event', 'replay', 'resend', 'test'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"url" text NOT NULL,
	"auth_token" text,
	"topic" "webhook_topic" NOT NULL,
	"kind" "webhook_kind" DEFAULT 'snapshot' NOT NULL,
	"external_id" text,
	"signing_secret" text NOT NULL,
	"previous_signing_secret" text,
	"previous_signing_secret_expires_at" timestamp (3) with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_success_at" timestamp (3) with time zone,
	"last_failure_at" timestamp (3) with time zone,
	"failing_since" timestamp (3) with time zone,
	"disabled_at" timestamp (3) with time zone,
	"disabled_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhooks_id_prefix" CHECK ("webhooks"."id" like 'whk\_%'),
	CONSTRAINT "webhooks_url_length" CHECK (char_length("webhooks"."url") <= 2048)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_staff_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_images" ADD CONSTRAINT "comment_images_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipment_items" ADD CONSTRAINT "inbound_shipment_items_shipment_id_inbound_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."inbound_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipment_items" ADD CONSTRAINT "inbound_shipment_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD CONSTRAINT "inbound_shipments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD CONSTRAINT "inbound_shipments_location_fk" FOREIGN KEY ("store_id","location_id") REFERENCES "public"."locations"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD CONSTRAINT "inventory_levels_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD CONSTRAINT "inventory_levels_location_fk" FOREIGN KEY ("store_id","location_id") REFERENCES "public"."locations"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD CONSTRAINT "order_line_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD CONSTRAINT "order_line_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD CONSTRAINT "order_line_items_fulfillment_location_id_locations_id_fk" FOREIGN KEY ("fulfillment_location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_comments" ADD CONSTRAINT "return_comments_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_comments" ADD CONSTRAINT "return_comments_image_id_comment_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."comment_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_comments" ADD CONSTRAINT "return_comments_author_user_id_staff_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_comments" ADD CONSTRAINT "return_comments_author_api_key_id_api_keys_id_fk" FOREIGN KEY ("author_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_dropoffs" ADD CONSTRAINT "return_dropoffs_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_exchange_items" ADD CONSTRAINT "return_exchange_items_return_id_return_exchanges_return_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_exchanges"("return_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_exchanges" ADD CONSTRAINT "return_exchanges_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_gift_cards" ADD CONSTRAINT "return_gift_cards_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_item_assessments" ADD CONSTRAINT "return_item_assessments_return_item_id_return_items_id_fk" FOREIGN KEY ("return_item_id") REFERENCES "public"."return_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_order_line_item_id_order_line_items_id_fk" FOREIGN KEY ("order_line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_shipments" ADD CONSTRAINT "return_shipments_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_tags" ADD CONSTRAINT "return_tags_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_memberships" ADD CONSTRAINT "store_memberships_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_memberships" ADD CONSTRAINT "store_memberships_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_store_idx" ON "api_keys" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_attempts_delivery_idx" ON "delivery_attempts" USING btree ("delivery_id","attempt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "events_seq_key" ON "events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "events_store_created_idx" ON "events" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("subject_id","seq");--> statement-breakpoint
CREATE INDEX "inbound_shipment_items_shipment_idx" ON "inbound_shipment_items" USING btree ("shipment_id","position");--> statement-breakpoint
CREATE INDEX "inbound_shipment_items_variant_idx" ON "inbound_shipment_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_updated_idx" ON "inbound_shipments" USING btree ("store_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_status_updated_idx" ON "inbound_shipments" USING btree ("store_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_location_updated_idx" ON "inbound_shipments" USING btree ("store_id","location_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbound_shipments_store_created_idx" ON "inbound_shipments" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_items_store_updated_idx" ON "inventory_items" USING btree ("store_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inventory_items_store_sku_idx" ON "inventory_items" USING btree ("store_id","sku");--> statement-breakpoint
CREATE INDEX "inventory_items_variant_idx" ON "inventory_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "inventory_levels_location_idx" ON "inventory_levels" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_store_name_key" ON "locations" USING btree ("store_id","name");--> statement-breakpoint
CREATE INDEX "order_line_items_order_idx" ON "order_line_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_name_key" ON "orders" USING btree ("store_id","name");--> statement-breakpoint
CREATE INDEX "orders_store_email_idx" ON "orders" USING btree ("store_id","customer_email");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_store_sku_key" ON "product_variants" USING btree ("store_id","sku");--> statement-breakpoint
CREATE INDEX "products_store_idx" ON "products" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_external_id_key" ON "products" USING btree ("store_id","external_id");--> statement-breakpoint
CREATE INDEX "return_comments_return_idx" ON "return_comments" USING btree ("return_id","created_at");--> statement-breakpoint
CREATE INDEX "return_dropoffs_return_idx" ON "return_dropoffs" USING btree ("return_id","position");--> statement-breakpoint
CREATE INDEX "return_exchange_items_return_idx" ON "return_exchange_items" USING btree ("return_id","position");--> statement-breakpoint
CREATE INDEX "return_gift_cards_return_idx" ON "return_gift_cards" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_item_assessments_item_idx" ON "return_item_assessments" USING btree ("return_item_id");--> statement-breakpoint
CREATE INDEX "return_items_return_idx" ON "return_items" USING btree ("return_id","position");--> statement-breakpoint
CREATE INDEX "return_shipments_return_idx" ON "return_shipments" USING btree ("return_id","position");--> statement-breakpoint
CREATE INDEX "returns_store_updated_idx" ON "returns" USING btree ("store_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_store_status_updated_idx" ON "returns" USING btree ("store_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_key" ON "staff_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "store_memberships_user_idx" ON "store_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("webhook_id","subject_id","event_seq");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_created_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_store_external_id_key" ON "webhooks" USING btree ("store_id","external_id");--> statement-breakpoint
CREATE INDEX "webhooks_store_topic_idx" ON "webhooks" USING btree ("store_id","topic");