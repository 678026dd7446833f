CREATE TYPE "public"."actor_kind" AS ENUM('staff', 'api_secret', 'system');--> statement-breakpoint
CREATE TYPE "public"."inventory_movement_reason" AS ENUM('received', 'returned', 'correction', 'damaged', 'cycle_count', 'import');--> statement-breakpoint
CREATE TYPE "public"."inventory_movement_source" AS ENUM('adjustment', 'receipt', 'return', 'import', 'opening_balance');--> statement-breakpoint
CREATE TABLE "inventory_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"store_id" text NOT NULL,
	"inventory_item_id" text NOT NULL,
	"location_id" text NOT NULL,
	"quantity_delta" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" "inventory_movement_reason" NOT NULL,
	"source_type" "inventory_movement_source" NOT NULL,
	"source_id" text,
	"actor_kind" "actor_kind" NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"idempotency_key" text,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_movements_id_prefix" CHECK ("inventory_movements"."id" like 'mov\_%'),
	CONSTRAINT "inventory_movements_delta_nonzero" CHECK ("inventory_movements"."quantity_delta" <> 0),
	CONSTRAINT "inventory_movements_after_nonnegative" CHECK ("inventory_movements"."quantity_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD COLUMN "id" text;--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD COLUMN "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing levels get an id (22 hex characters after the prefix, within the ids' [0-9A-Za-z]{22}) and
-- their last change as their creation.
UPDATE "inventory_levels"
SET "id" = 'li_' || substr(md5(random()::text || "inventory_item_id" || "location_id"), 1, 22),
    "created_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "inventory_levels" ALTER COLUMN "id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_location_fk" FOREIGN KEY ("store_id","location_id") REFERENCES "public"."locations"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_movements_store_seq_idx" ON "inventory_movements" USING btree ("store_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inventory_movements_item_seq_idx" ON "inventory_movements" USING btree ("inventory_item_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_levels_id_key" ON "inventory_levels" USING btree ("id");--> statement-breakpoint
CREATE INDEX "inventory_levels_store_updated_idx" ON "inventory_levels" USING btree ("store_id","updated_at","id");--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD CONSTRAINT "inventory_levels_id_prefix" CHECK ("inventory_levels"."id" like 'li\_%');--> statement-breakpoint
-- Stock that existed before the ledger enters it as one opening balance per level, so that every level
-- equals the sum of its movements from the start (lib/domain/inventory-levels/opening-balances.ts does the
-- same for data loaded later by the demo generator).
INSERT INTO "inventory_movements" ("id", "store_id", "inventory_item_id", "location_id", "quantity_delta",
  "quantity_after", "reason", "source_type", "actor_kind", "actor_name", "note", "created_at")
SELECT 'mov_' || substr(md5(random()::text || l."id"), 1, 22), l."store_id", l."inventory_item_id", l."location_id",
  l."quantity", l."quantity", 'import', 'opening_balance', 'system', 'Backroom',
  'Opening balance: the stock held when the ledger started.', l."updated_at"
FROM "inventory_levels" l
WHERE l."quantity" <> 0
ORDER BY l."updated_at", l."id";--> statement-breakpoint
-- The ledger is append-only: no UPDATE ever, and no DELETE except the cascade of a deleted store, item or
-- location (which runs inside the foreign key's own trigger, so at trigger depth 2).
CREATE FUNCTION "inventory_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'inventory_movements is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "inventory_movements_append_only" BEFORE UPDATE OR DELETE ON "inventory_movements"
FOR EACH ROW EXECUTE FUNCTION "inventory_movements_append_only"();