CREATE TABLE "instance_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_settings_single_row" CHECK ("instance_settings"."id")
);
--> statement-breakpoint
CREATE TABLE "setup_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "archived_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "set_password_token_hash" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "set_password_expires_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_set_password_token_key" ON "staff_users" USING btree ("set_password_token_hash");--> statement-breakpoint
-- A database seeded by an earlier version's demo loader holds the demo accounts: keep it a demo database
-- (its logins stay listed) rather than a non-demo one with public passwords.
INSERT INTO "instance_settings" ("id", "demo") SELECT true, true WHERE EXISTS (SELECT 1 FROM "staff_users" WHERE "email" = 'admin@backroom.test');
