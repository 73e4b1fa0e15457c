ALTER TABLE "company" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "staff_user" ADD COLUMN "linked_staff_id" integer;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_parent_id_company_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_user" ADD CONSTRAINT "staff_user_linked_staff_id_staff_user_id_fk" FOREIGN KEY ("linked_staff_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_parent_name" ON "company" USING btree ("parent_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_user_linked" ON "staff_user" USING btree ("company_id","linked_staff_id");