ALTER TYPE "public"."notification_kind" ADD VALUE 'alert';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'alert_cleared';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'digest';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'report';