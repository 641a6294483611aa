-- Issue 17 point 4: the BankManager's member wallets by name read a page of the active, approved members from
-- an index in that order (the flags written as literals, ADR 066), not every member of the farm sorted.
CREATE INDEX "users_members_by_name" ON "users" USING btree ("app_id","last_name","first_name","id") WHERE "users"."is_active" and "users"."is_approved";