import { sql, type SQL } from 'drizzle-orm';

/*
 * SQL fragments shared by the owner's analytics. Every query starts from the owner's cards
 * (business_cards_user_idx) and reaches their sessions through visitor_sessions_card_idx, so
 * another owner's rows are never read, let alone counted.
 */

/** What a visitor wrote in one session (role "user"), counted inside the jsonb array. */
export const visitorMessageCount = (session: string): SQL =>
  sql.raw(
    `jsonb_array_length(jsonb_path_query_array(${session}.messages, '$[*] ? (@.role == "user")'))`,
  );

/** The visitor left a name, an email address or a phone number. */
export const isLead = (profile: string): SQL =>
  sql.raw(
    `coalesce(nullif(btrim(${profile}.name), ''), nullif(btrim(${profile}.email), ''), nullif(btrim(${profile}.phone), '')) is not null`,
  );

/** An instant as a query parameter. */
export const at = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;
