ALTER TABLE "delivery_attempts" ADD COLUMN "request_headers" jsonb;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD COLUMN "request_body_kind" text;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD COLUMN "request_body_sha256" text;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD COLUMN "request_body_bytes" integer;