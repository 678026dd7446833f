CREATE TYPE "public"."supplier_claim_event_kind" AS ENUM('drafted', 'lines_added', 'sent', 'credited', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."supplier_claim_reason" AS ENUM('damaged', 'missing', 'wrong_item', 'over', 'return_to_vendor');--> statement-breakpoint
CREATE TYPE "public"."supplier_claim_status" AS ENUM('DRAFT', 'SENT', 'CREDITED', 'REJECTED');--> statement-breakpoint
ALTER TYPE "public"."webhook_topic" ADD VALUE 'supplier_claim';--> statement-breakpoint
CREATE TABLE "supplier_claim_events" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"kind" "supplier_claim_event_kind" NOT NULL,
	"actor_name" text NOT NULL,
	"actor_user_id" text,
	"amount" numeric(14, 2),
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_claim_events_id_prefix" CHECK ("supplier_claim_events"."id" like 'sce\_%')
);
--> statement-breakpoint
CREATE TABLE "supplier_claim_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"reason" "supplier_claim_reason" NOT NULL,
	"inbound_shipment_id" text,
	"receipt_id" text,
	"return_id" text,
	"variant_id" text,
	"sku" text,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"photo_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_claim_lines_id_prefix" CHECK ("supplier_claim_lines"."id" like 'scn\_%'),
	CONSTRAINT "supplier_claim_lines_quantity_positive" CHECK ("supplier_claim_lines"."quantity" > 0),
	CONSTRAINT "supplier_claim_lines_cost_nonnegative" CHECK ("supplier_claim_lines"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"supplier_id" text NOT NULL,
	"status" "supplier_claim_status" DEFAULT 'DRAFT' NOT NULL,
	"currency" char(3) NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"credited_amount" numeric(14, 2),
	"due_date" date NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"unit_count" integer DEFAULT 0 NOT NULL,
	"note" text,
	"sent_at" timestamp (3) with time zone,
	"resolved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_claims_id_prefix" CHECK ("supplier_claims"."id" like 'scl\_%'),
	CONSTRAINT "supplier_claims_amounts_nonnegative" CHECK ("supplier_claims"."total_amount" >= 0 and ("supplier_claims"."credited_amount" is null or "supplier_claims"."credited_amount" >= 0))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"code" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_store_id_key" UNIQUE("store_id","id"),
	CONSTRAINT "suppliers_id_prefix" CHECK ("suppliers"."id" like 'sup\_%')
);
--> statement-breakpoint
ALTER TABLE "inbound_shipment_items" ADD COLUMN "unit_cost" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD COLUMN "supplier_id" text;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD COLUMN "purchase_order_id" text;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD COLUMN "purchase_order_name" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "supplier_claim_due_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_claim_events" ADD CONSTRAINT "supplier_claim_events_claim_id_supplier_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."supplier_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_claim_events" ADD CONSTRAINT "supplier_claim_events_actor_user_id_staff_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_claim_lines" ADD CONSTRAINT "supplier_claim_lines_claim_id_supplier_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."supplier_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_claims" ADD CONSTRAINT "supplier_claims_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_claims" ADD CONSTRAINT "supplier_claims_supplier_fk" FOREIGN KEY ("store_id","supplier_id") REFERENCES "public"."suppliers"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_claim_events_claim_idx" ON "supplier_claim_events" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "supplier_claim_lines_claim_idx" ON "supplier_claim_lines" USING btree ("claim_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_claims_one_draft_key" ON "supplier_claims" USING btree ("supplier_id") WHERE "supplier_claims"."status" = 'DRAFT';--> statement-breakpoint
CREATE INDEX "supplier_claims_store_updated_idx" ON "supplier_claims" USING btree ("store_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "supplier_claims_store_status_updated_idx" ON "supplier_claims" USING btree ("store_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "supplier_claims_supplier_updated_idx" ON "supplier_claims" USING btree ("supplier_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_store_name_key" ON "suppliers" USING btree ("store_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_store_code_key" ON "suppliers" USING btree ("store_id","code") WHERE "suppliers"."code" is not null;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD CONSTRAINT "inbound_shipments_supplier_fk" FOREIGN KEY ("store_id","supplier_id") REFERENCES "public"."suppliers"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_shipments_supplier_idx" ON "inbound_shipments" USING btree ("supplier_id","created_at") WHERE "inbound_shipments"."supplier_id" is not null;