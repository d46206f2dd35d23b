ALTER TABLE "business_cards" ADD COLUMN "family_name" text;--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN "given_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD COLUMN "country" text;