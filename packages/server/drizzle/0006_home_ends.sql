-- Issue 7 point 3 and issue 17 (ADR 066): the open chores and the events not ended as a range of an index by
-- their end, so the home's and the lists' capped totals and filters read only what is still to come, not
-- the farm's whole history (the starts_at index of ADR 056 stays for the order).
CREATE INDEX "tasks_open_app_ends" ON "tasks" USING btree ("app_id","ends_at") WHERE not "tasks"."is_closed";--> statement-breakpoint
CREATE INDEX "events_app_ends" ON "events" USING btree ("app_id","ends_at");