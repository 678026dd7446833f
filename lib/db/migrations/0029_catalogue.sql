CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"location" jsonb,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_email_lower" CHECK ("customers"."email" = lower("customers"."email")),
	CONSTRAINT "customers_id_prefix" CHECK ("customers"."id" like 'cus\_%')
);
--> statement-breakpoint
CREATE TABLE "return_imports" (
	"return_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"external_reference_id" text,
	"idempotency_key" text,
	"tracking_number" text,
	"carrier" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_return_tags" (
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"pill_theme" text DEFAULT 'NORMAL' NOT NULL,
	"source" text DEFAULT 'merchant' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_return_tags_store_id_name_pk" PRIMARY KEY("store_id","name"),
	CONSTRAINT "store_return_tags_pill_theme" CHECK ("store_return_tags"."pill_theme" in ('NORMAL', 'PRIMARY_LIGHT', 'LIGHT_PINK', 'DANGER', 'NEUTRAL_YELLOW', 'SUCCESS', 'NEUTRAL_BLUE', 'PRIMARY', 'SOLID_WHITE', 'SOLID_PINK', 'SOLID_RED', 'SOLID_ORANGE', 'SOLID_YELLOW', 'SOLID_GREEN', 'SOLID_LIGHT_BLUE', 'SOLID_NAVY', 'SOLID_BLACK', 'BRAND', 'GRAY_BLUE', 'WHITE_SUCCESS', 'GRAY_ALTERNATE', 'BRAND_ALTERNATE', 'ERROR_ALTERNATE', 'WARNING_ALTERNATE', 'SUCCESS_ALTERNATE', 'GRAY_BLUE_ALTERNATE', 'BLUE_LIGHT_ALTERNATE', 'BLUE_ALTERNATE', 'INDIGO_ALTERNATE', 'PURPLE_ALTERNATE', 'PINK_ALTERNATE', 'ORANGE_ALTERNATE', 'BLACK_ALTERNATE', 'WHITE_ALTERNATE', 'WHITE_SUCCESS_ALTERNATE')),
	CONSTRAINT "store_return_tags_source" CHECK ("store_return_tags"."source" in ('merchant', 'redo', 'flow'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_imports" ADD CONSTRAINT "return_imports_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_imports" ADD CONSTRAINT "return_imports_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_return_tags" ADD CONSTRAINT "store_return_tags_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_store_email_key" ON "customers" USING btree ("store_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "return_imports_store_reference_key" ON "return_imports" USING btree ("store_id","external_reference_id") WHERE "return_imports"."external_reference_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "return_imports_store_idempotency_key" ON "return_imports" USING btree ("store_id","idempotency_key") WHERE "return_imports"."idempotency_key" is not null;--> statement-breakpoint
-- The catalogue starts as every tag name the store's returns carry; a rule's tag is the package's `flow`.
INSERT INTO "store_return_tags" ("store_id", "name", "source", "created_at", "updated_at")
SELECT r."store_id", t."name", CASE WHEN bool_and(t."source" = 'rule') THEN 'flow' ELSE 'merchant' END,
       min(t."created_at"), min(t."created_at")
FROM "return_tags" t JOIN "returns" r ON r."id" = t."return_id"
GROUP BY r."store_id", t."name"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A customer profile per e-mail address the store's orders carry, named as on the latest order; the id is
-- derived from store and address so the backfill and the demo loader give the same ids.
INSERT INTO "customers" ("id", "store_id", "email", "first_name", "last_name", "phone_numbers", "created_at", "updated_at")
SELECT DISTINCT ON (o."store_id", lower(o."customer_email"))
       'cus_' || substr(md5(o."store_id" || ':' || lower(o."customer_email")), 1, 22), o."store_id",
       lower(o."customer_email"), nullif(o."customer_given_name", ''), nullif(o."customer_surname", ''),
       CASE WHEN coalesce(o."customer_phone", '') = '' THEN '{}'::text[] ELSE ARRAY[o."customer_phone"] END,
       o."created_at", o."updated_at"
FROM "orders" o
WHERE coalesce(o."customer_email", '') <> ''
ORDER BY o."store_id", lower(o."customer_email"), o."created_at" DESC
ON CONFLICT DO NOTHING;
