ALTER TABLE "exam_session" ADD COLUMN "subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_session" ADD COLUMN "end_time" text DEFAULT '' NOT NULL;