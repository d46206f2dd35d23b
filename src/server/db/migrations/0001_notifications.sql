CREATE TABLE "customer_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_card_id" integer NOT NULL,
	"visitor_session_id" integer NOT NULL,
	"type" text NOT NULL,
	"customer_name" text,
	"customer_location" text,
	"customer_company" text,
	"customer_phone" text,
	"message" text,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD COLUMN "last_scan_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_notifications" ADD CONSTRAINT "customer_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notifications" ADD CONSTRAINT "customer_notifications_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notifications" ADD CONSTRAINT "customer_notifications_visitor_session_id_visitor_sessions_id_fk" FOREIGN KEY ("visitor_session_id") REFERENCES "public"."visitor_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notifications_user_idx" ON "customer_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_notifications_session_idx" ON "customer_notifications" USING btree ("visitor_session_id");