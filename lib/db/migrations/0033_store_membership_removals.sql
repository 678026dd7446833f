CREATE TABLE "store_membership_removals" (
	"store_id" text NOT NULL,
	"user_id" text NOT NULL,
	"removed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_membership_removals_store_id_user_id_pk" PRIMARY KEY("store_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "store_membership_removals" ADD CONSTRAINT "store_membership_removals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_membership_removals" ADD CONSTRAINT "store_membership_removals_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;