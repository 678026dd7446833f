CREATE TABLE "revoked_staff_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"reset_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_staff_sessions_expires_at_idx" ON "revoked_staff_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_reset_at_idx" ON "sign_in_attempts" USING btree ("reset_at");--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "locked_until";