import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The whole stored data model (less document_intelligence, see docs/decisions/028), with
 * users.role, hashed session and verification tokens, document status and chunks, and the
 * visitor's source. Deleting a user cascades to everything the user owns.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const cardRef = () =>
  integer('business_card_id')
    .notNull()
    .references(() => businessCards.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    /** The name's look-alike skeleton (features/auth/username-skeleton.ts): one per look. */
    usernameSkeleton: text('username_skeleton'),
    /** scrypt hash (see lib/passwords.ts), never the password. */
    password: text('password').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Set the first time an address of this account was verified; such an account is never overwritten. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** A new address asked for in the profile, in force only once its link is followed. */
    pendingEmail: text('pending_email'),
    /** Set by an admin: the user cannot sign in and every session ends. */
    disabled: boolean('disabled').notNull().default(false),
    /** Unused: tokens live hashed in email_verifications, so this stays null. */
    emailVerificationToken: text('email_verification_token'),
    loggedOut: boolean('logged_out').notNull().default(false),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    organization: text('organization'),
    phone: text('phone'),
    logoUrl: text('logo_url'),
    vipPromotionCode: text('vip_promotion_code'),
    companyName: text('company_name'),
    companyLogo: text('company_logo'),
    website: text('website'),
    address: text('address'),
    /**
     * The owner's IANA time zone (e.g. Asia/Shanghai): exports show times in it. Set from the
     * browser when the owner has not chosen one.
     */
    timeZone: text('time_zone'),
    /** When the onboarding welcome was answered (start guide or later): shown once per account. */
    onboardingSeenAt: timestamp('onboarding_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('users_username_skeleton_idx').on(table.usernameSkeleton)],
);

export const userSessions = pgTable(
  'user_sessions',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    /** HMAC of the cookie's token: a database leak does not leak sessions. */
    sessionToken: text('session_token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    /** HMAC of the token in the mailed link. */
    token: text('token').notNull().unique(),
    /** The address this link verifies (an email change mails the new address). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** Password-reset links: HMAC of the mailed token, single use, short-lived. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const businessCards = pgTable(
  'business_cards',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    qrCode: text('qr_code'),
    cardDesign: text('card_design').notNull().default('default'),
    companyName: text('company_name'),
    contactPerson: text('contact_person'),
    /** The contact person's family and given name, as typed (the vCard's N); null: split from contactPerson. */
    familyName: text('family_name'),
    givenName: text('given_name'),
    jobTitle: text('job_title'),
    wechatId: text('wechat_id'),
    whatsapp: text('whatsapp'),
    linkedinUrl: text('linkedin_url'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    address: text('address'),
    logoUrl: text('logo_url'),
    cardTemplate: text('card_template').notNull().default('modern'),
    primaryColor: text('primary_color').notNull().default('#3B82F6'),
    secondaryColor: text('secondary_color').notNull().default('#1E40AF'),
    /**
     * A generated palette the owner applied ({ primary, secondary, accent, background, text }):
     * the card's colours, and the colours of its posters drawn in the "custom" scheme with none
     * chosen. Null: none applied.
     */
    brandPalette: jsonb('brand_palette'),
    selectedAiModel: text('selected_ai_model').notNull().default('openai'),
    recommendedAiModel: text('recommended_ai_model').notNull().default('openai'),
    modelRecommendationReason: text('model_recommendation_reason'),
    documentAnalysisSummary: jsonb('document_analysis_summary'),
    /** null while the wizard runs; set by finalize. */
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('business_cards_user_idx').on(t.userId)],
);

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    fileName: text('file_name').notNull(),
    /** Decided from the bytes: pdf, docx, pptx, txt, jpg, png. */
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    /** Extracted plain text. */
    content: text('content'),
    businessCardId: integer('business_card_id').references(() => businessCards.id, {
      onDelete: 'cascade',
    }),
    /** Storage key of the original (`users/<id>/documents/<name>`); older rows: its path. */
    storagePath: text('storage_path'),
    status: text('status', { enum: ['pending', 'processing', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    /** Readable reason when status is failed. */
    error: text('error'),
    pageCount: integer('page_count'),
    /** How many times processing started; a document that crashed extraction is retried once. */
    attempts: integer('attempts').notNull().default(0),
    /** Progress of long work while processing, e.g. {"stage":"ocr","done":3,"total":20}. */
    progress: jsonb('progress'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('documents_card_idx').on(t.businessCardId),
    index('documents_user_idx').on(t.userId),
    index('documents_status_idx').on(t.status),
  ],
);

/** Retrieval units: a passage that remembers its document and page or slide. */
export const documentChunks = pgTable(
  'document_chunks',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    businessCardId: cardRef(),
    position: integer('position').notNull(),
    /** 1-based page (PDF), slide (PPTX) or block number; null when the format has none. */
    page: integer('page'),
    text: text('text').notNull(),
    /** Text segmented with Intl.Segmenter, space-separated, for ranking. */
    tokens: text('tokens').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('document_chunks_card_idx').on(t.businessCardId),
    index('document_chunks_document_idx').on(t.documentId),
  ],
);

export const redListKeywords = pgTable(
  'red_list_keywords',
  {
    id: serial('id').primaryKey(),
    businessCardId: cardRef(),
    keyword: text('keyword').notNull(),
    description: text('description'),
    category: text('category').notNull().default('custom'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('red_list_keywords_card_idx').on(t.businessCardId)],
);

export const chats = pgTable('chats', {
  id: serial('id').primaryKey(),
  businessCardId: cardRef(),
  messages: jsonb('messages')
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
});

export const visitorSessions = pgTable(
  'visitor_sessions',
  {
    id: serial('id').primaryKey(),
    /** HMAC of the visitor cookie; the cookie value itself is never stored or shown. */
    sessionToken: text('session_token').notNull().unique(),
    businessCardId: cardRef(),
    messages: jsonb('messages')
      .notNull()
      .default(sql`'[]'::jsonb`),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    referrer: text('referrer'),
    /** e.g. "qr" from the printed code's ?src=qr. */
    source: text('source'),
    /** When the owner was last told of a scan (a reload within 30 minutes is not a new scan). */
    lastScanAt: timestamp('last_scan_at', { withTimezone: true }),
    /** Set while a person from the booth answers instead of the assistant. */
    takeoverAt: timestamp('takeover_at', { withTimezone: true }),
    /** Last message written by the staff (a takeover ends 10 minutes after it). */
    lastStaffReplyAt: timestamp('last_staff_reply_at', { withTimezone: true }),
    /** The visitor's interface language (en, zh-CN, zh-TW), from the browser or the switcher. */
    language: text('language'),
    /** The browser's IANA time zone (e.g. Europe/Berlin): where a visitor is, without GeoIP. */
    timeZone: text('time_zone'),
    /**
     * The visitor's country (ISO alpha-2) as lib/visitor-traits.ts resolves it from their
     * requests: the one every screen shows (notification, analytics, pipeline).
     */
    country: text('country'),
    /** Device class from the user agent: mobile, tablet or desktop. */
    deviceType: text('device_type'),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The lead's priority and whether the owner set it by hand: copies of visitor_profiles'
     * follow_up_priority and priority_manual ('low' without a profile), kept by a trigger
     * (migration 0013), so that the lead list filters and orders by priority on this row alone.
     */
    leadPriority: text('lead_priority').notNull().default('low'),
    leadPriorityManual: boolean('lead_priority_manual').notNull().default(false),
    /**
     * The priority the lead shows once idle longer than the owner's setting: one step lower,
     * unless set by hand. Which of the two a lead shows depends only on last_activity, the
     * indexes' order, so a priority filter is two index ranges (see lib/lead-priority.ts).
     */
    leadPriorityWhenIdle: text('lead_priority_when_idle')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN lead_priority_manual THEN lead_priority
          WHEN lead_priority = 'urgent' THEN 'high'
          WHEN lead_priority = 'high' THEN 'medium'
          ELSE 'low' END`,
      ),
    createdAt: createdAt(),
  },
  (t) => [
    index('visitor_sessions_card_idx').on(t.businessCardId),
    index('visitor_sessions_card_activity_idx').on(t.businessCardId, t.lastActivity),
    index('visitor_sessions_activity_idx').on(t.lastActivity),
    index('visitor_sessions_card_priority_idx').on(
      t.businessCardId,
      t.leadPriority,
      t.lastActivity,
      t.id,
    ),
    index('visitor_sessions_card_idle_priority_idx').on(
      t.businessCardId,
      t.leadPriorityWhenIdle,
      t.lastActivity,
      t.id,
    ),
  ],
);

export const visitorProfiles = pgTable(
  'visitor_profiles',
  {
    id: serial('id').primaryKey(),
    visitorSessionId: integer('visitor_session_id')
      .notNull()
      .references(() => visitorSessions.id, { onDelete: 'cascade' }),
    businessCardId: cardRef(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    organization: text('organization'),
    jobTitle: text('job_title'),
    country: text('country'),
    industry: text('industry'),
    engagementScore: integer('engagement_score').notNull().default(0),
    qualificationScore: integer('qualification_score').notNull().default(0),
    intentScore: integer('intent_score').notNull().default(0),
    totalScore: integer('total_score').notNull().default(0),
    profileCompleteness: integer('profile_completeness').notNull().default(0),
    conversationSummary: text('conversation_summary'),
    keyInterests: jsonb('key_interests')
      .notNull()
      .default(sql`'[]'::jsonb`),
    painPoints: jsonb('pain_points')
      .notNull()
      .default(sql`'[]'::jsonb`),
    buyingSignals: jsonb('buying_signals')
      .notNull()
      .default(sql`'[]'::jsonb`),
    followUpPriority: text('follow_up_priority').notNull().default('medium'),
    stage: text('stage').notNull().default('visitor'),
    /** The owner set the stage / priority by hand: derivation no longer changes it. */
    stageManual: boolean('stage_manual').notNull().default(false),
    priorityManual: boolean('priority_manual').notNull().default(false),
    notes: text('notes'),
    lastScoreUpdate: timestamp('last_score_update', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('visitor_profiles_session_idx').on(t.visitorSessionId),
    index('visitor_profiles_card_idx').on(t.businessCardId),
  ],
);

export const leadScoringEvents = pgTable(
  'lead_scoring_events',
  {
    id: serial('id').primaryKey(),
    visitorProfileId: integer('visitor_profile_id')
      .notNull()
      .references(() => visitorProfiles.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    eventValue: text('event_value'),
    scoreChange: integer('score_change').notNull().default(0),
    scoreCategory: text('score_category'),
    aiAnalysis: text('ai_analysis'),
    confidenceScore: real('confidence_score').notNull().default(0),
    createdAt: createdAt(),
  },
  /** A buying signal is recorded once per conversation, however often scoring runs. */
  (t) => [uniqueIndex('lead_scoring_events_once_idx').on(t.visitorProfileId, t.eventType)],
);

export const salesPipelineTasks = pgTable('sales_pipeline_tasks', {
  id: serial('id').primaryKey(),
  userId: userRef(),
  visitorProfileId: integer('visitor_profile_id').references(() => visitorProfiles.id, {
    onDelete: 'cascade',
  }),
  taskType: text('task_type').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  priority: text('priority').notNull().default('medium'),
  status: text('status').notNull().default('pending'),
  dueDate: timestamp('due_date', { withTimezone: true }),
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  suggestedMessage: text('suggested_message'),
  aiGeneratedContent: text('ai_generated_content'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const salesPipelineAnalytics = pgTable('sales_pipeline_analytics', {
  id: serial('id').primaryKey(),
  userId: userRef(),
  businessCardId: integer('business_card_id').references(() => businessCards.id, {
    onDelete: 'cascade',
  }),
  date: date('date').notNull(),
  totalVisitors: integer('total_visitors').notNull().default(0),
  totalLeads: integer('total_leads').notNull().default(0),
  qualifiedLeads: integer('qualified_leads').notNull().default(0),
  opportunities: integer('opportunities').notNull().default(0),
  visitorToLeadRate: real('visitor_to_lead_rate').notNull().default(0),
  leadToQualifiedRate: real('lead_to_qualified_rate').notNull().default(0),
  qualifiedToOpportunityRate: real('qualified_to_opportunity_rate').notNull().default(0),
  averageEngagementScore: real('average_engagement_score').notNull().default(0),
  averageMessagesPerSession: real('average_messages_per_session').notNull().default(0),
  averageSessionDuration: integer('average_session_duration').notNull().default(0),
  createdAt: createdAt(),
});

export const posters = pgTable('posters', {
  id: serial('id').primaryKey(),
  businessCardId: cardRef(),
  title: text('title').notNull(),
  description: text('description'),
  imageUrl: text('image_url'),
  eventType: text('event_type'),
  style: text('style'),
  colorScheme: text('color_scheme'),
  targetAudience: text('target_audience'),
  keyMessages: jsonb('key_messages')
    .notNull()
    .default(sql`'[]'::jsonb`),
  dimensions: text('dimensions'),
  templateId: text('template_id'),
  // The event the poster announces and the layout it was drawn with.
  eventDate: text('event_date'),
  eventLocation: text('event_location'),
  layout: text('layout'),
  /** The interface language the poster was written in (its QR caption follows it). */
  language: text('language'),
  createdAt: createdAt(),
});

export const podcasts = pgTable('podcasts', {
  id: serial('id').primaryKey(),
  businessCardId: cardRef(),
  title: text('title').notNull(),
  description: text('description'),
  audioUrl: text('audio_url'),
  duration: integer('duration'),
  language: text('language'),
  transcript: text('transcript'),
  voiceSettings: jsonb('voice_settings'),
  createdAt: createdAt(),
});

export const socialMediaContents = pgTable('social_media_contents', {
  id: serial('id').primaryKey(),
  businessCardId: cardRef(),
  platform: text('platform').notNull(),
  content: text('content').notNull(),
  hashtags: jsonb('hashtags')
    .notNull()
    .default(sql`'[]'::jsonb`),
  mentions: jsonb('mentions')
    .notNull()
    .default(sql`'[]'::jsonb`),
  mediaType: text('media_type'),
  bestPostTime: text('best_post_time'),
  language: text('language'),
  translations: jsonb('translations'),
  createdAt: createdAt(),
});

export const pushNotificationTemplates = pgTable('push_notification_templates', {
  id: serial('id').primaryKey(),
  /** The owner; null for the built-in templates everyone reads and nobody edits. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** Built-in templates: their stable key (texts come from the locale files). */
  builtinKey: text('builtin_key').unique(),
  name: text('name').notNull(),
  category: text('category'),
  title: text('title').notNull(),
  message: text('message').notNull(),
  actionText: text('action_text'),
  actionUrl: text('action_url'),
  icon: text('icon'),
  urgency: text('urgency').notNull().default('normal'),
  personalizable: boolean('personalizable').notNull().default(false),
  variables: jsonb('variables'),
  industry: text('industry'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const pushNotificationCampaigns = pgTable('push_notification_campaigns', {
  id: serial('id').primaryKey(),
  userId: userRef(),
  templateId: integer('template_id').references(() => pushNotificationTemplates.id, {
    onDelete: 'set null',
  }),
  name: text('name').notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  actionText: text('action_text'),
  actionUrl: text('action_url'),
  icon: text('icon'),
  urgency: text('urgency').notNull().default('normal'),
  /** The interface language the main title and message are written in. */
  language: text('language').notNull().default('zh-CN'),
  /** Texts in the other interface languages: { "en": { title, message, actionText } }. */
  translations: jsonb('translations')
    .notNull()
    .default(sql`'{}'::jsonb`),
  targetAudience: text('target_audience'),
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
  status: text('status').notNull().default('draft'),
  personalizedVariables: jsonb('personalized_variables'),
  sentCount: integer('sent_count').notNull().default(0),
  clickCount: integer('click_count').notNull().default(0),
  conversionCount: integer('conversion_count').notNull().default(0),
  /** The card whose visitors are reached. */
  businessCardId: integer('business_card_id').references(() => businessCards.id, {
    onDelete: 'cascade',
  }),
  dismissCount: integer('dismiss_count').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const pushNotificationDeliveries = pgTable(
  'push_notification_deliveries',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => pushNotificationCampaigns.id, { onDelete: 'cascade' }),
    visitorSessionId: integer('visitor_session_id').references(() => visitorSessions.id, {
      onDelete: 'cascade',
    }),
    businessCardId: integer('business_card_id').references(() => businessCards.id, {
      onDelete: 'cascade',
    }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    actionText: text('action_text'),
    actionUrl: text('action_url'),
    icon: text('icon'),
    urgency: text('urgency'),
    deliveryStatus: text('delivery_status').notNull().default('pending'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    // A send that resumes never reaches one visitor twice.
    uniqueIndex('push_deliveries_campaign_session_idx').on(t.campaignId, t.visitorSessionId),
    index('push_deliveries_session_idx').on(t.visitorSessionId),
  ],
);

/** A visitor's Web Push subscription (one per visitor conversation, the newest wins). */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  visitorSessionId: integer('visitor_session_id')
    .notNull()
    .unique()
    .references(() => visitorSessions.id, { onDelete: 'cascade' }),
  businessCardId: cardRef(),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
});

export const analyticsCache = pgTable('analytics_cache', {
  id: serial('id').primaryKey(),
  cacheKey: text('cache_key').notNull().unique(),
  data: jsonb('data').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const videoGenerations = pgTable('video_generations', {
  id: serial('id').primaryKey(),
  userId: userRef(),
  businessCardId: integer('business_card_id').references(() => businessCards.id, {
    onDelete: 'cascade',
  }),
  websiteUrl: text('website_url'),
  websiteContent: text('website_content'),
  extractedData: jsonb('extracted_data'),
  title: text('title'),
  description: text('description'),
  duration: integer('duration').notNull().default(30),
  language: text('language').notNull().default('zh-CN'),
  voiceType: text('voice_type').notNull().default('alloy'),
  videoUrl: text('video_url'),
  audioUrl: text('audio_url'),
  scriptContent: text('script_content'),
  generationStatus: text('generation_status').notNull().default('pending'),
  supportedLanguages: jsonb('supported_languages'),
  multilanguageVersions: jsonb('multilanguage_versions'),
  fileSize: integer('file_size'),
  videoDuration: integer('video_duration'),
  generationTime: integer('generation_time'),
  isFavorite: boolean('is_favorite').notNull().default(false),
  isDeleted: boolean('is_deleted').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What an owner's agents were told (scans and messages), replayed to a late or reconnecting agent. */
export const customerNotifications = pgTable(
  'customer_notifications',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    businessCardId: cardRef(),
    visitorSessionId: integer('visitor_session_id')
      .notNull()
      .references(() => visitorSessions.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['scan', 'message'] }).notNull(),
    customerName: text('customer_name'),
    customerLocation: text('customer_location'),
    customerCompany: text('customer_company'),
    customerPhone: text('customer_phone'),
    message: text('message'),
    /**
     * Unused: the bell shows the lead's priority in the sales pipeline, read from
     * visitor_sessions (notifications/conversations.ts). Nothing writes or shows this one.
     */
    priority: text('priority', { enum: ['high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    status: text('status', { enum: ['new', 'acknowledged', 'responded', 'closed'] })
      .notNull()
      .default('new'),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_notifications_user_idx').on(t.userId, t.createdAt),
    index('customer_notifications_session_idx').on(t.visitorSessionId),
  ],
);

/**
 * Trade fairs shown as countdowns on the landing page. Data, not code: the migration seeds the
 * editions that follow the (passed) 2025 dates, and an admin can edit them.
 */
export const tradeFairs = pgTable(
  'trade_fairs',
  {
    id: serial('id').primaryKey(),
    /** Stable key of an edition; the page translates names by it (falls back to `name`). */
    slug: text('slug').notNull().unique(),
    /** Short name, e.g. "Canton Fair · Phase 1". */
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    location: text('location').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    category: text('category').notNull(),
    region: text('region', { enum: ['mainland', 'hong-kong'] }).notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('trade_fairs_ends_idx').on(t.endsAt)],
);

/** Per-owner settings of the sales pipeline, applied by the derivation. */
export const pipelineSettings = pgTable('pipeline_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  highPriorityAfterMessages: integer('high_priority_after_messages').notNull().default(5),
  idleDaysLowerPriority: integer('idle_days_lower_priority').notNull().default(7),
  autoFollowUpEmail: boolean('auto_follow_up_email').notNull().default(false),
  updatedAt: updatedAt(),
});

/** Where an owner's CRM hears about new leads and stage changes (HMAC-signed POSTs). */
export const webhooks = pgTable('webhooks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The database-backed job queue: any instance claims due work with FOR UPDATE SKIP LOCKED,
 * attempts are counted and failures retried with backoff; survives restarts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);

/**
 * Every change an admin makes (users, trade fairs): who, what, on which target, when. The
 * actor's name is copied so the row still reads after that account is deleted.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** e.g. user.disable, user.role, trade-fairs.replace */
    action: text('action').notNull(),
    /** e.g. "user:12", "trade-fairs" */
    target: text('target').notNull(),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt)],
);

/**
 * The exhibitor's own answers: a question in their words (and, answered from the
 * list, the other wordings buyers used), answered once; the assistant answers from it, cited as
 * the exhibitor's answer, for that question and its paraphrases.
 */
export const ownerAnswers = pgTable(
  'owner_answers',
  {
    id: serial('id').primaryKey(),
    businessCardId: cardRef(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** Buyers' other wordings of the question (JSON array of strings). */
    variants: jsonb('variants')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('owner_answers_card_idx').on(t.businessCardId)],
);

/**
 * One row per question the assistant answered in a visitor chat: how (with a citation from the
 * documents, from the exhibitor's answers, declined, or small talk: no citation and no key term,
 * such as a greeting), and the visitor's 👍 / 👎
 * on the answer. The owner's "questions to answer" and the answer figures read it.
 */
export const chatQuestions = pgTable(
  'chat_questions',
  {
    id: serial('id').primaryKey(),
    businessCardId: cardRef(),
    visitorSessionId: integer('visitor_session_id')
      .notNull()
      .references(() => visitorSessions.id, { onDelete: 'cascade' }),
    /** The assistant message's id in visitor_sessions.messages. */
    messageId: text('message_id').notNull().unique(),
    question: text('question').notNull(),
    /** The language it was asked in: en, zh-CN or zh-TW. */
    language: text('language').notNull(),
    outcome: text('outcome', {
      enum: ['answered', 'declined', 'from_answers', 'small_talk'],
    }).notNull(),
    ownerAnswerId: integer('owner_answer_id').references(() => ownerAnswers.id, {
      onDelete: 'set null',
    }),
    /** The visitor's rating: true 👍, false 👎, null not rated. */
    helpful: boolean('helpful'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_questions_card_created_idx').on(t.businessCardId, t.createdAt),
    index('chat_questions_answer_idx').on(t.ownerAnswerId),
    index('chat_questions_session_idx').on(t.visitorSessionId),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Content the admin edits for the whole server, one JSON value per key (e.g. "landing"). */
export const siteContent = pgTable('site_content', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** How often an owner has used (copied) one conversation starter's text: a measured count. */
export const starterUses = pgTable(
  'starter_uses',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    /** sha256 of the starter's text, so the same opener counts again when generated again. */
    contentHash: text('content_hash').notNull(),
    uses: integer('uses').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('starter_uses_user_hash_idx').on(t.userId, t.contentHash)],
);
