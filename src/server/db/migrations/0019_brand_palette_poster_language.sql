ALTER TABLE "business_cards" ADD COLUMN "brand_palette" jsonb;--> statement-breakpoint
ALTER TABLE "posters" ADD COLUMN "language" text;