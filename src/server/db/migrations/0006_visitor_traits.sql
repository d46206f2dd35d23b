ALTER TABLE "visitor_sessions" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD COLUMN "device_type" text;--> statement-breakpoint
CREATE INDEX "visitor_sessions_card_activity_idx" ON "visitor_sessions" USING btree ("business_card_id","last_activity");