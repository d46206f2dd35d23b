CREATE TABLE "analytics_cache" (
	"id" serial PRIMARY KEY NOT NULL,
	"cache_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_cache_cache_key_unique" UNIQUE("cache_key")
);
--> statement-breakpoint
CREATE TABLE "business_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"qr_code" text,
	"card_design" text DEFAULT 'default' NOT NULL,
	"company_name" text,
	"contact_person" text,
	"email" text,
	"phone" text,
	"website" text,
	"address" text,
	"logo_url" text,
	"card_template" text DEFAULT 'modern' NOT NULL,
	"primary_color" text DEFAULT '#3B82F6' NOT NULL,
	"secondary_color" text DEFAULT '#1E40AF' NOT NULL,
	"selected_ai_model" text DEFAULT 'openai' NOT NULL,
	"recommended_ai_model" text DEFAULT 'openai' NOT NULL,
	"model_recommendation_reason" text,
	"document_analysis_summary" jsonb,
	"finalized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_card_id" integer NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_chunks" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"business_card_id" integer NOT NULL,
	"position" integer NOT NULL,
	"page" integer,
	"text" text NOT NULL,
	"tokens" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_intelligence" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer,
	"business_card_id" integer NOT NULL,
	"company_name" text,
	"business_context" text,
	"source_citations" text,
	"source_pages" text,
	"company_overview" jsonb,
	"key_products" jsonb,
	"financial_metrics" jsonb,
	"market_position" jsonb,
	"contact_information" jsonb,
	"business_highlights" jsonb,
	"common_questions" jsonb,
	"response_templates" jsonb,
	"accuracy_score" real DEFAULT 0 NOT NULL,
	"completeness_score" real DEFAULT 0 NOT NULL,
	"last_analyzed" timestamp with time zone,
	"analysis_version" text DEFAULT '1.0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"content" text,
	"business_card_id" integer,
	"storage_path" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"page_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_verifications_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "lead_scoring_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_profile_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"event_value" text,
	"score_change" integer DEFAULT 0 NOT NULL,
	"score_category" text,
	"ai_analysis" text,
	"confidence_score" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_card_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"audio_url" text,
	"duration" integer,
	"language" text,
	"transcript" text,
	"voice_settings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posters" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_card_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image_url" text,
	"event_type" text,
	"style" text,
	"color_scheme" text,
	"target_audience" text,
	"key_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dimensions" text,
	"template_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_notification_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"template_id" integer,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"action_text" text,
	"action_url" text,
	"icon" text,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"target_audience" text,
	"scheduled_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"personalized_variables" jsonb,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"click_count" integer DEFAULT 0 NOT NULL,
	"conversion_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_notification_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"visitor_session_id" integer,
	"business_card_id" integer,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"action_text" text,
	"action_url" text,
	"icon" text,
	"urgency" text,
	"delivery_status" text DEFAULT 'pending' NOT NULL,
	"delivered_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_notification_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"action_text" text,
	"action_url" text,
	"icon" text,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"personalizable" boolean DEFAULT false NOT NULL,
	"variables" jsonb,
	"effectiveness" integer DEFAULT 75 NOT NULL,
	"industry" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "red_list_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_card_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"description" text,
	"category" text DEFAULT 'custom' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_pipeline_analytics" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_card_id" integer,
	"date" date NOT NULL,
	"total_visitors" integer DEFAULT 0 NOT NULL,
	"total_leads" integer DEFAULT 0 NOT NULL,
	"qualified_leads" integer DEFAULT 0 NOT NULL,
	"opportunities" integer DEFAULT 0 NOT NULL,
	"visitor_to_lead_rate" real DEFAULT 0 NOT NULL,
	"lead_to_qualified_rate" real DEFAULT 0 NOT NULL,
	"qualified_to_opportunity_rate" real DEFAULT 0 NOT NULL,
	"average_engagement_score" real DEFAULT 0 NOT NULL,
	"average_messages_per_session" real DEFAULT 0 NOT NULL,
	"average_session_duration" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_pipeline_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"visitor_profile_id" integer,
	"task_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_date" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"suggested_message" text,
	"ai_generated_content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_media_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_card_id" integer NOT NULL,
	"platform" text NOT NULL,
	"content" text NOT NULL,
	"hashtags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media_type" text,
	"estimated_reach" integer,
	"best_post_time" text,
	"language" text,
	"translations" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_sessions_session_token_unique" UNIQUE("session_token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"email_verification_token" text,
	"logged_out" boolean DEFAULT false NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"organization" text,
	"phone" text,
	"logo_url" text,
	"vip_promotion_code" text,
	"company_name" text,
	"company_logo" text,
	"website" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "video_generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_card_id" integer,
	"website_url" text,
	"website_content" text,
	"extracted_data" jsonb,
	"title" text,
	"description" text,
	"duration" integer DEFAULT 30 NOT NULL,
	"language" text DEFAULT 'zh-CN' NOT NULL,
	"voice_type" text DEFAULT 'alloy' NOT NULL,
	"video_url" text,
	"audio_url" text,
	"script_content" text,
	"generation_status" text DEFAULT 'pending' NOT NULL,
	"supported_languages" jsonb,
	"multilanguage_versions" jsonb,
	"file_size" integer,
	"video_duration" integer,
	"generation_time" integer,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_session_id" integer NOT NULL,
	"business_card_id" integer NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"organization" text,
	"job_title" text,
	"country" text,
	"industry" text,
	"engagement_score" integer DEFAULT 0 NOT NULL,
	"qualification_score" integer DEFAULT 0 NOT NULL,
	"intent_score" integer DEFAULT 0 NOT NULL,
	"total_score" integer DEFAULT 0 NOT NULL,
	"profile_completeness" integer DEFAULT 0 NOT NULL,
	"conversation_summary" text,
	"key_interests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pain_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buying_signals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"follow_up_priority" text DEFAULT 'medium' NOT NULL,
	"stage" text DEFAULT 'visitor' NOT NULL,
	"last_score_update" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_token" text NOT NULL,
	"business_card_id" integer NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"referrer" text,
	"source" text,
	"last_activity" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_sessions_session_token_unique" UNIQUE("session_token")
);
--> statement-breakpoint
ALTER TABLE "business_cards" ADD CONSTRAINT "business_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_intelligence" ADD CONSTRAINT "document_intelligence_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_intelligence" ADD CONSTRAINT "document_intelligence_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_scoring_events" ADD CONSTRAINT "lead_scoring_events_visitor_profile_id_visitor_profiles_id_fk" FOREIGN KEY ("visitor_profile_id") REFERENCES "public"."visitor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcasts" ADD CONSTRAINT "podcasts_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posters" ADD CONSTRAINT "posters_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notification_campaigns" ADD CONSTRAINT "push_notification_campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notification_campaigns" ADD CONSTRAINT "push_notification_campaigns_template_id_push_notification_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."push_notification_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notification_deliveries" ADD CONSTRAINT "push_notification_deliveries_campaign_id_push_notification_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."push_notification_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notification_deliveries" ADD CONSTRAINT "push_notification_deliveries_visitor_session_id_visitor_sessions_id_fk" FOREIGN KEY ("visitor_session_id") REFERENCES "public"."visitor_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notification_deliveries" ADD CONSTRAINT "push_notification_deliveries_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_list_keywords" ADD CONSTRAINT "red_list_keywords_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_pipeline_analytics" ADD CONSTRAINT "sales_pipeline_analytics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_pipeline_analytics" ADD CONSTRAINT "sales_pipeline_analytics_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_pipeline_tasks" ADD CONSTRAINT "sales_pipeline_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_pipeline_tasks" ADD CONSTRAINT "sales_pipeline_tasks_visitor_profile_id_visitor_profiles_id_fk" FOREIGN KEY ("visitor_profile_id") REFERENCES "public"."visitor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_media_contents" ADD CONSTRAINT "social_media_contents_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_generations" ADD CONSTRAINT "video_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_generations" ADD CONSTRAINT "video_generations_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_profiles" ADD CONSTRAINT "visitor_profiles_visitor_session_id_visitor_sessions_id_fk" FOREIGN KEY ("visitor_session_id") REFERENCES "public"."visitor_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_profiles" ADD CONSTRAINT "visitor_profiles_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD CONSTRAINT "visitor_sessions_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_cards_user_idx" ON "business_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "document_chunks_card_idx" ON "document_chunks" USING btree ("business_card_id");--> statement-breakpoint
CREATE INDEX "document_chunks_document_idx" ON "document_chunks" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "documents_card_idx" ON "documents" USING btree ("business_card_id");--> statement-breakpoint
CREATE INDEX "documents_user_idx" ON "documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "documents_status_idx" ON "documents" USING btree ("status");--> statement-breakpoint
CREATE INDEX "email_verifications_user_idx" ON "email_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "red_list_keywords_card_idx" ON "red_list_keywords" USING btree ("business_card_id");--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_profiles_session_idx" ON "visitor_profiles" USING btree ("visitor_session_id");--> statement-breakpoint
CREATE INDEX "visitor_profiles_card_idx" ON "visitor_profiles" USING btree ("business_card_id");--> statement-breakpoint
CREATE INDEX "visitor_sessions_card_idx" ON "visitor_sessions" USING btree ("business_card_id");