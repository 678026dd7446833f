CREATE TABLE "rate_limit_windows" (
	"key_id" text NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_key_id_window_start_pk" PRIMARY KEY("key_id","window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_window_idx" ON "rate_limit_windows" USING btree ("window_start");