CREATE TABLE "event_marks" (
	"topic" "webhook_topic" NOT NULL,
	"subject_id" text NOT NULL,
	"store_id" text NOT NULL,
	"marked_at" timestamp (3) with time zone NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "event_marks_topic_subject_id_pk" PRIMARY KEY("topic","subject_id")
);
--> statement-breakpoint
ALTER TABLE "event_marks" ADD CONSTRAINT "event_marks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_marks_due_idx" ON "event_marks" USING btree ("due_at");