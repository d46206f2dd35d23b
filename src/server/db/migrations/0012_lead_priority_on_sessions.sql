ALTER TABLE "visitor_sessions" ADD COLUMN "lead_priority" text DEFAULT 'low' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD COLUMN "lead_priority_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD COLUMN "lead_priority_when_idle" text GENERATED ALWAYS AS (CASE WHEN lead_priority_manual THEN lead_priority
          WHEN lead_priority = 'urgent' THEN 'high'
          WHEN lead_priority = 'high' THEN 'medium'
          ELSE 'low' END) STORED NOT NULL;--> statement-breakpoint
-- The copies of the profiles' priorities (kept from now on by the trigger of 0013), written
-- before the indexes are built.
UPDATE "visitor_sessions" s
SET "lead_priority" = p."follow_up_priority", "lead_priority_manual" = p."priority_manual"
FROM "visitor_profiles" p
WHERE p."visitor_session_id" = s."id"
  AND (p."follow_up_priority", p."priority_manual") IS DISTINCT FROM ('low', false);--> statement-breakpoint
CREATE INDEX "visitor_sessions_card_priority_idx" ON "visitor_sessions" USING btree ("business_card_id","lead_priority","last_activity","id");--> statement-breakpoint
CREATE INDEX "visitor_sessions_card_idle_priority_idx" ON "visitor_sessions" USING btree ("business_card_id","lead_priority_when_idle","last_activity","id");