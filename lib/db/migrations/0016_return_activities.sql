CREATE TYPE "public"."return_activity_kind" AS ENUM('status_changed', 'approved', 'item_processed', 'tag_added', 'tag_removed');--> statement-breakpoint
CREATE TABLE "return_activities" (
	"id" text PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"kind" "return_activity_kind" NOT NULL,
	"actor_kind" "actor_kind" NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_activities_id_prefix" CHECK ("return_activities"."id" like 'rac\_%')
);
--> statement-breakpoint
ALTER TABLE "return_activities" ADD CONSTRAINT "return_activities_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_activities_return_idx" ON "return_activities" USING btree ("return_id","at","id");