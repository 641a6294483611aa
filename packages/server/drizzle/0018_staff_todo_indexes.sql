DROP INDEX "users_waiting_created_id";--> statement-breakpoint
CREATE INDEX "email_log_app_unsent" ON "email_log" USING btree ("app_id","created_at") WHERE "email_log"."status" in ('failed', 'not_sent');--> statement-breakpoint
CREATE INDEX "task_assignments_waiting" ON "task_assignments" USING btree ("app_id","task_id") WHERE "task_assignments"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "event_attendances_waiting" ON "event_attendances" USING btree ("app_id","event_id") WHERE "event_attendances"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "jobs_app_open" ON "jobs" USING btree ("app_id","kind") WHERE "jobs"."status" in ('waiting', 'running');--> statement-breakpoint
CREATE INDEX "product_reservations_reserved" ON "product_reservations" USING btree ("app_id","product_id") WHERE "product_reservations"."status" = 'reserved';--> statement-breakpoint
CREATE INDEX "bank_import_lines_to_match" ON "bank_import_lines" USING btree ("app_id","import_id") WHERE "bank_import_lines"."outcome" in ('unmatched', 'partial', 'overpaid');--> statement-breakpoint
CREATE INDEX "bank_transactions_open_due" ON "bank_transactions" USING btree ("app_id","due_date") WHERE "bank_transactions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "users_waiting_created_id" ON "users" USING btree ("app_id","created_at","id") WHERE not "users"."is_approved" and "users"."anonymized_at" is null;