CREATE TABLE "login_attempt" (
	"login_account" text NOT NULL,
	"client" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_attempt_login_account_client_pk" PRIMARY KEY("login_account","client")
);
--> statement-breakpoint
CREATE TABLE "application_resume" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"real_name" text NOT NULL,
	"old_real_name" text DEFAULT '' NOT NULL,
	"sex" text NOT NULL,
	"nation" text DEFAULT '' NOT NULL,
	"nationality" text DEFAULT '中国' NOT NULL,
	"birthday" date NOT NULL,
	"political_outlook" text DEFAULT '' NOT NULL,
	"join_party_date" date,
	"marriage_history" text DEFAULT '' NOT NULL,
	"candidate_type" text DEFAULT '' NOT NULL,
	"body_status" text DEFAULT '' NOT NULL,
	"position_status" text DEFAULT '' NOT NULL,
	"contract_expire_date" date,
	"certificate_image" text DEFAULT '' NOT NULL,
	"hometown" text DEFAULT '' NOT NULL,
	"registered_residence_address" text DEFAULT '' NOT NULL,
	"now_address" text DEFAULT '' NOT NULL,
	"habitation" text DEFAULT '' NOT NULL,
	"family_address" text DEFAULT '' NOT NULL,
	"postal_address" text DEFAULT '' NOT NULL,
	"document_type" text DEFAULT '居民身份证' NOT NULL,
	"identity_no" text NOT NULL,
	"identity_type" text DEFAULT '' NOT NULL,
	"identity_date" date,
	"work_years" integer DEFAULT 0 NOT NULL,
	"join_work_date" date,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"other_contact_information" text DEFAULT '' NOT NULL,
	"archives_status" integer DEFAULT 0 NOT NULL,
	"archives_address" text DEFAULT '' NOT NULL,
	"driving_license_category" text DEFAULT '' NOT NULL,
	"driving_license_type" text DEFAULT '' NOT NULL,
	"total_driving_mileage" text DEFAULT '' NOT NULL,
	"driving_level" text DEFAULT '' NOT NULL,
	"computer_level" text DEFAULT '' NOT NULL,
	"technical_title" text DEFAULT '' NOT NULL,
	"first_foreign_language" text DEFAULT '' NOT NULL,
	"first_foreign_language_level" text DEFAULT '' NOT NULL,
	"second_foreign_language" text DEFAULT '' NOT NULL,
	"second_foreign_language_level" text DEFAULT '' NOT NULL,
	"education" text DEFAULT '' NOT NULL,
	"graduate_school" text DEFAULT '' NOT NULL,
	"now_position" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"strong_point" text DEFAULT '' NOT NULL,
	"personal_evaluation" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"education_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"family_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enclosure_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certificate_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reward_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_window" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_token" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "application_resume" ADD CONSTRAINT "application_resume_application_id_candidate_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."candidate_application"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_resume" ADD CONSTRAINT "application_resume_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_token" ADD CONSTRAINT "upload_token_session_id_user_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."user_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_token_session" ON "upload_token" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "staff_user" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "staff_user" DROP COLUMN "locked_until";--> statement-breakpoint
-- Applications made before this migration keep the talent's resume as it is now.
INSERT INTO "application_resume" ("company_id", "application_id", "created_at", "real_name", "old_real_name", "sex", "nation", "nationality", "birthday", "political_outlook", "join_party_date", "marriage_history", "candidate_type", "body_status", "position_status", "contract_expire_date", "certificate_image", "hometown", "registered_residence_address", "now_address", "habitation", "family_address", "postal_address", "document_type", "identity_no", "identity_type", "identity_date", "work_years", "join_work_date", "phone", "email", "other_contact_information", "archives_status", "archives_address", "driving_license_category", "driving_license_type", "total_driving_mileage", "driving_level", "computer_level", "technical_title", "first_foreign_language", "first_foreign_language_level", "second_foreign_language", "second_foreign_language_level", "education", "graduate_school", "now_position", "position", "strong_point", "personal_evaluation", "remarks", "education_list", "family_list", "work_list", "enclosure_list", "certificate_list", "reward_list")
SELECT a."company_id", a."id", a."created_at", t."real_name", t."old_real_name", t."sex", t."nation", t."nationality", t."birthday", t."political_outlook", t."join_party_date", t."marriage_history", t."candidate_type", t."body_status", t."position_status", t."contract_expire_date", t."certificate_image", t."hometown", t."registered_residence_address", t."now_address", t."habitation", t."family_address", t."postal_address", t."document_type", t."identity_no", t."identity_type", t."identity_date", t."work_years", t."join_work_date", t."phone", t."email", t."other_contact_information", t."archives_status", t."archives_address", t."driving_license_category", t."driving_license_type", t."total_driving_mileage", t."driving_level", t."computer_level", t."technical_title", t."first_foreign_language", t."first_foreign_language_level", t."second_foreign_language", t."second_foreign_language_level", t."education", t."graduate_school", t."now_position", t."position", t."strong_point", t."personal_evaluation", t."remarks", t."education_list", t."family_list", t."work_list", t."enclosure_list", t."certificate_list", t."reward_list"
FROM "candidate_application" a JOIN "talent" t ON t."id" = a."talent_id";
