CREATE INDEX "corporations_name_trgm_idx" ON "corporations" USING gin ("corp_name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "group_units_corp_idx" ON "group_units" USING btree ("corp_id");--> statement-breakpoint
CREATE INDEX "group_units_name_trgm_idx" ON "group_units" USING gin ("unit_name" gin_trgm_ops) WITH (fastupdate=off);