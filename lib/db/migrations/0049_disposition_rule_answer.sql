ALTER TABLE "disposition_rules" ADD COLUMN "answer_question" text;--> statement-breakpoint
ALTER TABLE "disposition_rules" ADD COLUMN "answer_equals" text;--> statement-breakpoint
ALTER TABLE "disposition_rules" ADD CONSTRAINT "disposition_rules_answer_whole" CHECK (("disposition_rules"."answer_question" is null) = ("disposition_rules"."answer_equals" is null));