CREATE TABLE "extra_test_score" (
	"company_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"stage" smallint DEFAULT 3 NOT NULL,
	"score" numeric(5, 2) NOT NULL,
	"entered_by" integer NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extra_test_score_application_id_stage_pk" PRIMARY KEY("application_id","stage"),
	CONSTRAINT "extra_test_score_stage" CHECK ("extra_test_score"."stage" = 3),
	CONSTRAINT "extra_test_score_range" CHECK ("extra_test_score"."score" >= 0)
);
--> statement-breakpoint
ALTER TABLE "recruitment_plan" ADD COLUMN "tie_break_chain" jsonb DEFAULT '[{"link":"written"}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "recruitment_plan" ADD COLUMN "extra_test_on_tie" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "extra_test_score" ADD CONSTRAINT "extra_test_score_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_test_score" ADD CONSTRAINT "extra_test_score_application_id_candidate_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."candidate_application"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_test_score" ADD CONSTRAINT "extra_test_score_entered_by_staff_user_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extra_test_score_company" ON "extra_test_score" USING btree ("company_id","application_id");