CREATE TABLE "chat_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_card_id" integer NOT NULL,
	"visitor_session_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"question" text NOT NULL,
	"language" text NOT NULL,
	"outcome" text NOT NULL,
	"owner_answer_id" integer,
	"helpful" boolean,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_questions_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "owner_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_card_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_questions" ADD CONSTRAINT "chat_questions_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_questions" ADD CONSTRAINT "chat_questions_visitor_session_id_visitor_sessions_id_fk" FOREIGN KEY ("visitor_session_id") REFERENCES "public"."visitor_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_questions" ADD CONSTRAINT "chat_questions_owner_answer_id_owner_answers_id_fk" FOREIGN KEY ("owner_answer_id") REFERENCES "public"."owner_answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_answers" ADD CONSTRAINT "owner_answers_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_questions_card_created_idx" ON "chat_questions" USING btree ("business_card_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_questions_answer_idx" ON "chat_questions" USING btree ("owner_answer_id");--> statement-breakpoint
CREATE INDEX "chat_questions_session_idx" ON "chat_questions" USING btree ("visitor_session_id");--> statement-breakpoint
CREATE INDEX "owner_answers_card_idx" ON "owner_answers" USING btree ("business_card_id");