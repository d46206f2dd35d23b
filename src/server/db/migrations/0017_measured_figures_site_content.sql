CREATE TABLE "site_content" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "starter_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_hash" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_notification_campaigns" ADD COLUMN "language" text DEFAULT 'zh-CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_notification_campaigns" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "starter_uses" ADD CONSTRAINT "starter_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "starter_uses_user_hash_idx" ON "starter_uses" USING btree ("user_id","content_hash");--> statement-breakpoint
ALTER TABLE "push_notification_templates" DROP COLUMN "effectiveness";--> statement-breakpoint
ALTER TABLE "push_notification_templates" DROP COLUMN "usage_count";--> statement-breakpoint
ALTER TABLE "social_media_contents" DROP COLUMN "estimated_reach";