ALTER TABLE "business_cards" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN "wechat_id" text;--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN "linkedin_url" text;