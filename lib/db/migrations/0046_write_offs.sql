ALTER TYPE "public"."inventory_movement_reason" ADD VALUE 'written_off';--> statement-breakpoint
ALTER TYPE "public"."inventory_movement_source" ADD VALUE 'write_off';