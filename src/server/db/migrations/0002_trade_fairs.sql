CREATE TABLE "trade_fairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"location" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"region" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_fairs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "trade_fairs_ends_idx" ON "trade_fairs" USING btree ("ends_at");--> statement-breakpoint
-- The editions after the spec's 2025 dates (organisers' usual calendar; an admin corrects them
-- when the official dates are announced). Times are China/Hong Kong time (UTC+8).
INSERT INTO "trade_fairs" ("slug", "name", "full_name", "location", "starts_at", "ends_at", "category", "region", "description") VALUES
('canton-2027-spring-1', 'Canton Fair · Phase 1', '141st China Import and Export Fair (Spring), Phase 1', 'Guangzhou, Pazhou Complex', '2027-04-15 09:00:00+08', '2027-04-19 18:00:00+08', 'Electronics, machinery and hardware', 'mainland', 'China''s largest trade fair: electronics, household appliances, lighting, vehicles, machinery, hardware and tools.'),
('canton-2027-spring-2', 'Canton Fair · Phase 2', '141st China Import and Export Fair (Spring), Phase 2', 'Guangzhou, Pazhou Complex', '2027-04-23 09:00:00+08', '2027-04-27 18:00:00+08', 'Consumer goods, gifts and home decoration', 'mainland', 'Daily consumer goods, gifts, home decoration and building materials.'),
('canton-2027-spring-3', 'Canton Fair · Phase 3', '141st China Import and Export Fair (Spring), Phase 3', 'Guangzhou, Pazhou Complex', '2027-05-01 09:00:00+08', '2027-05-05 18:00:00+08', 'Textiles, garments, food and health', 'mainland', 'Textiles and garments, shoes, office supplies, food, medicines and health products.'),
('ciftis-2027', 'CIFTIS', 'China International Fair for Trade in Services', 'Beijing, Shougang Park', '2027-09-10 09:00:00+08', '2027-09-14 18:00:00+08', 'Trade in services', 'mainland', 'The national fair for trade in services: digital, financial, cultural, tourism and health services.'),
('canton-2027-autumn-1', 'Canton Fair · Phase 1', '142nd China Import and Export Fair (Autumn), Phase 1', 'Guangzhou, Pazhou Complex', '2027-10-15 09:00:00+08', '2027-10-19 18:00:00+08', 'Electronics, machinery and hardware', 'mainland', 'China''s largest trade fair: electronics, household appliances, lighting, vehicles, machinery, hardware and tools.'),
('canton-2027-autumn-2', 'Canton Fair · Phase 2', '142nd China Import and Export Fair (Autumn), Phase 2', 'Guangzhou, Pazhou Complex', '2027-10-23 09:00:00+08', '2027-10-27 18:00:00+08', 'Consumer goods, gifts and home decoration', 'mainland', 'Daily consumer goods, gifts, home decoration and building materials.'),
('canton-2027-autumn-3', 'Canton Fair · Phase 3', '142nd China Import and Export Fair (Autumn), Phase 3', 'Guangzhou, Pazhou Complex', '2027-10-31 09:00:00+08', '2027-11-04 18:00:00+08', 'Textiles, garments, food and health', 'mainland', 'Textiles and garments, shoes, office supplies, food, medicines and health products.'),
('ciie-2027', 'CIIE', '10th China International Import Expo', 'Shanghai, National Exhibition and Convention Center', '2027-11-05 09:00:00+08', '2027-11-10 18:00:00+08', 'Import expo', 'mainland', 'The national import expo: exhibitors from abroad meet Chinese buyers.'),
('hk-toys-2027', 'Hong Kong Toys & Games Fair', 'HKTDC Hong Kong Toys & Games Fair', 'Hong Kong Convention and Exhibition Centre', '2027-01-11 09:30:00+08', '2027-01-14 18:30:00+08', 'Toys and games', 'hong-kong', 'Asia''s largest toys and games fair.'),
('hk-summer-sourcing-2027', 'Summer Sourcing Week', 'HKTDC Summer Sourcing Week', 'Hong Kong Convention and Exhibition Centre', '2027-07-20 09:30:00+08', '2027-07-23 18:30:00+08', 'Gifts, home and lifestyle', 'hong-kong', 'Summer sourcing of gifts, houseware, toys and lifestyle products.'),
('hk-jewellery-2027', 'Hong Kong Jewellery & Gem Fair', 'September Hong Kong Jewellery & Gem Fair', 'Hong Kong Convention and Exhibition Centre and AsiaWorld-Expo', '2027-09-18 10:00:00+08', '2027-09-22 18:00:00+08', 'Jewellery and gems', 'hong-kong', 'The world''s leading jewellery and gem marketplace.'),
('hk-electronics-2027', 'Hong Kong Electronics Fair (Autumn)', 'HKTDC Hong Kong Electronics Fair (Autumn Edition)', 'Hong Kong Convention and Exhibition Centre', '2027-10-13 09:30:00+08', '2027-10-16 18:30:00+08', 'Electronics', 'hong-kong', 'Consumer electronics, smart home and innovation.'),
('hk-lighting-2027', 'Hong Kong International Lighting Fair (Autumn)', 'HKTDC Hong Kong International Lighting Fair (Autumn Edition)', 'Hong Kong Convention and Exhibition Centre', '2027-10-27 09:30:00+08', '2027-10-30 18:30:00+08', 'Lighting', 'hong-kong', 'LED, smart and commercial lighting.');
