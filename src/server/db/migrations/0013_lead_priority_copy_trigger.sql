-- visitor_sessions.lead_priority and lead_priority_manual copy the lead's priority from
-- visitor_profiles, so that the lead list filters by priority and orders by last activity on
-- the session row alone (docs/decisions/023). The trigger keeps the copy true for every
-- writer: scoring, the owner's edit, the chat's lead form, a deleted profile.
CREATE FUNCTION "visitor_profiles_copy_priority"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "visitor_sessions" SET "lead_priority" = 'low', "lead_priority_manual" = false
    WHERE "id" = OLD."visitor_session_id";
    RETURN OLD;
  END IF;
  UPDATE "visitor_sessions"
  SET "lead_priority" = NEW."follow_up_priority", "lead_priority_manual" = NEW."priority_manual"
  WHERE "id" = NEW."visitor_session_id"
    AND ("lead_priority", "lead_priority_manual")
      IS DISTINCT FROM (NEW."follow_up_priority", NEW."priority_manual");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "visitor_profiles_copy_priority"
AFTER INSERT OR DELETE OR UPDATE OF "follow_up_priority", "priority_manual" ON "visitor_profiles"
FOR EACH ROW EXECUTE FUNCTION "visitor_profiles_copy_priority"();
