CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_session_id" integer NOT NULL,
	"business_card_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_visitor_session_id_unique" UNIQUE("visitor_session_id")
);
--> statement-breakpoint
ALTER TABLE "posters" ADD COLUMN "event_date" text;--> statement-breakpoint
ALTER TABLE "posters" ADD COLUMN "event_location" text;--> statement-breakpoint
ALTER TABLE "posters" ADD COLUMN "layout" text;--> statement-breakpoint
ALTER TABLE "push_notification_campaigns" ADD COLUMN "business_card_id" integer;--> statement-breakpoint
ALTER TABLE "push_notification_campaigns" ADD COLUMN "dismiss_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_notification_campaigns" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_notification_templates" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "push_notification_templates" ADD COLUMN "builtin_key" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_visitor_session_id_visitor_sessions_id_fk" FOREIGN KEY ("visitor_session_id") REFERENCES "public"."visitor_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notification_campaigns" ADD CONSTRAINT "push_notification_campaigns_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notification_templates" ADD CONSTRAINT "push_notification_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_campaign_session_idx" ON "push_notification_deliveries" USING btree ("campaign_id","visitor_session_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_session_idx" ON "push_notification_deliveries" USING btree ("visitor_session_id");--> statement-breakpoint
ALTER TABLE "push_notification_templates" ADD CONSTRAINT "push_notification_templates_builtin_key_unique" UNIQUE("builtin_key");