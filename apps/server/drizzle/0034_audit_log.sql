CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" integer,
	"actor_kind" text NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_name" text NOT NULL,
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"call" text NOT NULL,
	"request_id" text NOT NULL,
	"target" jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_log_company_at" ON "audit_log" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at" ON "audit_log" USING btree ("actor_kind","actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_request" ON "audit_log" USING btree ("request_id");