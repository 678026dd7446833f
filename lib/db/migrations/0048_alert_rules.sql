CREATE TYPE "public"."alert_condition" AS ENUM('threshold', 'new_rows');--> statement-breakpoint
CREATE TYPE "public"."alert_source" AS ENUM('saved_view', 'returns_waiting', 'shipments_late', 'discrepancies');--> statement-breakpoint
ALTER TYPE "public"."webhook_topic" ADD VALUE 'alert';--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"source" "alert_source" NOT NULL,
	"saved_view_id" text,
	"owner_id" text,
	"condition" "alert_condition" NOT NULL,
	"threshold" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"hours" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"condition_since" timestamp (3) with time zone,
	"firing_since" timestamp (3) with time zone,
	"last_count" integer,
	"last_evaluated_at" timestamp (3) with time zone,
	"seen_row_ids" text[],
	CONSTRAINT "alert_rules_id_prefix" CHECK ("alert_rules"."id" like 'alr\_%'),
	CONSTRAINT "alert_rules_numbers_check" CHECK ("alert_rules"."threshold" >= 0 and "alert_rules"."minutes" >= 0 and "alert_rules"."hours" >= 0)
);
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_saved_view_id_saved_views_id_fk" FOREIGN KEY ("saved_view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_owner_id_staff_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_rules_store_idx" ON "alert_rules" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "alert_rules_owner_idx" ON "alert_rules" USING btree ("owner_id","store_id");--> statement-breakpoint
CREATE INDEX "alert_rules_view_idx" ON "alert_rules" USING btree ("saved_view_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_rules_built_in_key" ON "alert_rules" USING btree ("store_id","source") WHERE "alert_rules"."source" <> 'saved_view';