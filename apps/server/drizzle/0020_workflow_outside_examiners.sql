ALTER TABLE "workflow_item" ADD COLUMN "examiner_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_item" ADD COLUMN "examiner_unit" text DEFAULT '' NOT NULL;