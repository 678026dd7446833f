ALTER TYPE "public"."return_activity_kind" ADD VALUE 'custody_checked';--> statement-breakpoint
CREATE TABLE "custody_identifiers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"identifier" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"inbound_shipment_id" text,
	"receipt_id" text,
	"location_id" text,
	"bin" text,
	"return_id" text,
	"return_item_id" text,
	"verdict" text,
	"recorded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custody_identifiers_kind" CHECK ("custody_identifiers"."kind" in ('serial', 'license_plate', 'lot')),
	CONSTRAINT "custody_identifiers_source" CHECK (("custody_identifiers"."source" = 'receipt' and "custody_identifiers"."receipt_id" is not null) or ("custody_identifiers"."source" = 'return' and "custody_identifiers"."return_id" is not null and "custody_identifiers"."return_item_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "inspection_checklists" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"applies_to" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_checklists_id_prefix" CHECK ("inspection_checklists"."id" like 'chk\_%')
);
--> statement-breakpoint
ALTER TABLE "return_item_assessments" ADD COLUMN "checklist_id" text;--> statement-breakpoint
ALTER TABLE "return_item_assessments" ADD COLUMN "checklist_name" text;--> statement-breakpoint
ALTER TABLE "return_item_assessments" ADD COLUMN "started_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "return_item_assessments" ADD COLUMN "decided_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "return_items" ADD COLUMN "custody" jsonb;--> statement-breakpoint
ALTER TABLE "custody_identifiers" ADD CONSTRAINT "custody_identifiers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_checklists" ADD CONSTRAINT "inspection_checklists_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custody_identifiers_lookup_idx" ON "custody_identifiers" USING btree ("store_id","identifier","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custody_identifiers_return_idx" ON "custody_identifiers" USING btree ("return_id") WHERE "custody_identifiers"."return_id" is not null;--> statement-breakpoint
CREATE INDEX "inspection_checklists_store_idx" ON "inspection_checklists" USING btree ("store_id","position");