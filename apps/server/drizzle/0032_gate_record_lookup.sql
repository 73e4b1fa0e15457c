DROP INDEX "gate_record_company_stage";--> statement-breakpoint
CREATE INDEX "gate_record_company_stage" ON "gate_record" USING btree ("company_id","stage","application_id");