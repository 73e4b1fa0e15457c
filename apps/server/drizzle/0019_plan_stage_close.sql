CREATE TABLE "plan_stage_close" (
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"closed_by" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_stage_close_plan_id_stage_pk" PRIMARY KEY("plan_id","stage"),
	CONSTRAINT "plan_stage_close_stage" CHECK ("plan_stage_close"."stage" = 1)
);
--> statement-breakpoint
ALTER TABLE "plan_stage_close" ADD CONSTRAINT "plan_stage_close_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_stage_close" ADD CONSTRAINT "plan_stage_close_plan_id_recruitment_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recruitment_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_stage_close" ADD CONSTRAINT "plan_stage_close_closed_by_staff_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;