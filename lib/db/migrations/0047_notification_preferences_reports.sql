CREATE TYPE "public"."report_frequency" AS ENUM('daily', 'weekly');--> statement-breakpoint
CREATE TABLE "digest_items" (
	"user_id" text NOT NULL,
	"store_id" text NOT NULL,
	"occasion_key" text NOT NULL,
	"source" text NOT NULL,
	"subject" text NOT NULL,
	"link" text NOT NULL,
	"digested_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_items_user_id_store_id_occasion_key_pk" PRIMARY KEY("user_id","store_id","occasion_key"),
	CONSTRAINT "digest_items_subject_length" CHECK (char_length("digest_items"."subject") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "staff_notification_preferences" (
	"user_id" text NOT NULL,
	"store_id" text NOT NULL,
	"alerts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiet_hours_start" integer,
	"quiet_hours_end" integer,
	"quiet_hours_off" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notification_preferences_user_id_store_id_pk" PRIMARY KEY("user_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"saved_view_id" text NOT NULL,
	"frequency" "report_frequency" NOT NULL,
	"weekday" integer,
	"time_of_day" integer NOT NULL,
	"recipients" text[] NOT NULL,
	"created_by" text NOT NULL,
	"next_run_at" timestamp (3) with time zone NOT NULL,
	"last_run_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_id_prefix" CHECK ("report_schedules"."id" like 'rsc\_%'),
	CONSTRAINT "report_schedules_time_of_day" CHECK ("report_schedules"."time_of_day" between 0 and 1439),
	CONSTRAINT "report_schedules_weekday" CHECK (("report_schedules"."frequency" = 'weekly') = ("report_schedules"."weekday" is not null) and ("report_schedules"."weekday" is null or "report_schedules"."weekday" between 0 and 6))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "attachment_content_type" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "attachment_content" text;--> statement-breakpoint
ALTER TABLE "store_notification_settings" ADD COLUMN "alert_defaults" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store_notification_settings" ADD COLUMN "quiet_hours_start" integer;--> statement-breakpoint
ALTER TABLE "store_notification_settings" ADD COLUMN "quiet_hours_end" integer;--> statement-breakpoint
ALTER TABLE "store_notification_settings" ADD COLUMN "digest_sent_on" text;--> statement-breakpoint
ALTER TABLE "digest_items" ADD CONSTRAINT "digest_items_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_items" ADD CONSTRAINT "digest_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notification_preferences" ADD CONSTRAINT "staff_notification_preferences_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notification_preferences" ADD CONSTRAINT "staff_notification_preferences_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_saved_view_id_saved_views_id_fk" FOREIGN KEY ("saved_view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_items_waiting_idx" ON "digest_items" USING btree ("store_id","user_id","created_at") WHERE "digest_items"."digested_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "report_schedules_view_key" ON "report_schedules" USING btree ("saved_view_id");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at");