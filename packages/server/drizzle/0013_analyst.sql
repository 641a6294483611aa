CREATE INDEX "task_assignments_app_created" ON "task_assignments" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "task_assignments_app_handled_at" ON "task_assignments" USING btree ("app_id","handled_at");--> statement-breakpoint
CREATE INDEX "credit_entries_app_created" ON "credit_entries" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "product_reservations_app_handled_at" ON "product_reservations" USING btree ("app_id","handled_at");--> statement-breakpoint
CREATE INDEX "requests_app_taken_at" ON "requests" USING btree ("app_id","taken_at");--> statement-breakpoint
CREATE INDEX "requests_app_completed_at" ON "requests" USING btree ("app_id","completed_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_app_kind_created" ON "ledger_entries" USING btree ("app_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_app_created" ON "ledger_entries" USING btree ("app_id","created_at");