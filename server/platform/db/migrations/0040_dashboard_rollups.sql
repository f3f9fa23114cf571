-- Hand-written (drizzle-kit generate --custom): the dashboard's counts kept by triggers (decision 0053). drizzle-kit
-- does not generate functions or triggers, so this file is kept as it is when migrations are regenerated (renumber
-- it after the migration that creates the dashboard_* tables). Days are calendar days in the zone stored in
-- dashboard_rollup_state; a company without a row there has no rollup yet: its triggers do nothing, and
-- dashboard_rebuild() builds it on the first dashboard view (and again when the company's zone changes).
-- Every trigger takes a shared advisory lock per company and the rebuild an exclusive one, so a rebuild never
-- interleaves with a write of the same company.

-- First-response time → its histogram bucket: the second below a minute, the minute below 48 hours, then the hour
-- (what the dashboard shows: "35 s", "4 min", "1 h 5 min", "3 days").
CREATE OR REPLACE FUNCTION dashboard_response_bucket(seconds double precision) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN seconds < 60 THEN floor(seconds)::integer
              WHEN seconds < 172800 THEN (round(seconds / 60) * 60)::integer
              ELSE (round(seconds / 3600) * 3600)::integer END
$$;
--> statement-breakpoint
-- How far a missed call's lead got: qualified (or further), booked (or won), or neither.
CREATE OR REPLACE FUNCTION dashboard_stage(status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('booked', 'won') THEN 'booked' WHEN status = 'qualified' THEN 'qualified' ELSE 'none' END
$$;
--> statement-breakpoint
-- How far a lead got, for the lead day table: won, booked, qualified, or none of those (new, engaging, lost…).
CREATE OR REPLACE FUNCTION dashboard_lead_stage(status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('won', 'booked', 'qualified') THEN status ELSE 'none' END
$$;
--> statement-breakpoint
-- Handled by the assistant alone: it answered (by text, or the lead came from a call it took) and nobody of the team wrote.
CREATE OR REPLACE FUNCTION dashboard_ai_handled(source text, handled text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT handled = 'ai' OR (source = 'ai_call' AND handled IN ('none', 'flow'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_lock(company uuid, exclusive boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF exclusive THEN
    PERFORM pg_advisory_xact_lock(74651053, hashtext(company::text));
  ELSE
    PERFORM pg_advisory_xact_lock_shared(74651053, hashtext(company::text));
  END IF;
END $$;
--> statement-breakpoint
-- What the dashboard counts about a lead: its day, source, status, value, first answer and who answered.
CREATE OR REPLACE FUNCTION dashboard_lead_facts_of(l leads, zone text) RETURNS dashboard_lead_facts LANGUAGE sql STABLE AS $$
  SELECT l.id, l.company_id, l.contact_id, l.created_at, (l.created_at AT TIME ZONE zone)::date, l.source, l.status, l.value_cents,
    min(m.created_at),
    CASE WHEN bool_or(m.author = 'user') THEN 'person' WHEN bool_or(m.author = 'ai') THEN 'ai' WHEN count(m.id) > 0 THEN 'flow' ELSE 'none' END
  FROM (SELECT 1) AS one
  LEFT JOIN messages m ON m.contact_id = l.contact_id AND m.direction = 'outbound' AND m.author IN ('user', 'ai', 'flow') AND m.created_at >= l.created_at
$$;
--> statement-breakpoint
-- What the dashboard counts about a missed call: its day, the text-back, a reply after it, its lead's stage.
CREATE OR REPLACE FUNCTION dashboard_call_facts_of(c calls, zone text) RETURNS dashboard_call_facts LANGUAGE sql STABLE AS $$
  SELECT c.id, c.company_id, c.started_at, (c.started_at AT TIME ZONE zone)::date, c.lead_id, tb.conversation_id, tb.created_at,
    c.text_back_outcome = 'texted',
    c.text_back_outcome = 'texted' AND tb.id IS NOT NULL AND EXISTS (
      SELECT 1 FROM messages reply WHERE reply.conversation_id = tb.conversation_id AND reply.direction = 'inbound' AND reply.created_at > tb.created_at),
    dashboard_stage((SELECT status FROM leads WHERE id = c.lead_id))
  FROM (SELECT 1) AS one
  LEFT JOIN messages tb ON tb.id = c.text_back_message_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_apply_lead(f dashboard_lead_facts, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_lead_days AS d (company_id, day, source, stage, leads, answered, ai_handled, won_value_cents, won_with_value)
  VALUES (f.company_id, f.day, f.source, dashboard_lead_stage(f.status), delta,
    CASE WHEN f.handled <> 'none' THEN delta ELSE 0 END,
    CASE WHEN dashboard_ai_handled(f.source, f.handled) THEN delta ELSE 0 END,
    CASE WHEN f.status = 'won' THEN coalesce(f.value_cents, 0) * delta ELSE 0 END,
    CASE WHEN f.status = 'won' AND f.value_cents IS NOT NULL THEN delta ELSE 0 END)
  ON CONFLICT (company_id, day, source, stage) DO UPDATE
    SET leads = d.leads + excluded.leads, answered = d.answered + excluded.answered, ai_handled = d.ai_handled + excluded.ai_handled,
      won_value_cents = d.won_value_cents + excluded.won_value_cents, won_with_value = d.won_with_value + excluded.won_with_value;
  IF f.first_answer_at IS NOT NULL THEN
    INSERT INTO dashboard_response_days AS r (company_id, day, seconds, leads)
    VALUES (f.company_id, f.day, dashboard_response_bucket(extract(epoch FROM f.first_answer_at - f.created_at)), delta)
    ON CONFLICT (company_id, day, seconds) DO UPDATE SET leads = r.leads + excluded.leads;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_apply_call(f dashboard_call_facts, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_call_days AS d (company_id, day, texted, replied, stage, calls)
  VALUES (f.company_id, f.day, f.texted, f.replied, f.stage, delta)
  ON CONFLICT (company_id, day, texted, replied, stage) DO UPDATE SET calls = d.calls + excluded.calls;
END $$;
--> statement-breakpoint
-- Counts a lead again from scratch (its row as it is now).
CREATE OR REPLACE FUNCTION dashboard_recount_lead(l leads) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_zone text;
  f dashboard_lead_facts;
BEGIN
  DELETE FROM dashboard_lead_facts WHERE lead_id = l.id RETURNING * INTO f;
  IF FOUND THEN
    PERFORM dashboard_apply_lead(f, -1);
  END IF;
  SELECT s.zone INTO v_zone FROM dashboard_rollup_state s WHERE s.company_id = l.company_id;
  IF v_zone IS NOT NULL THEN
    f := dashboard_lead_facts_of(l, v_zone);
    INSERT INTO dashboard_lead_facts SELECT f.*;
    PERFORM dashboard_apply_lead(f, 1);
  END IF;
END $$;
--> statement-breakpoint
-- Counts a missed call again from scratch (or stops counting a call that is gone or no longer missed).
CREATE OR REPLACE FUNCTION dashboard_recount_call(p_call uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_zone text;
  c calls;
  f dashboard_call_facts;
BEGIN
  DELETE FROM dashboard_call_facts AS x WHERE x.call_id = p_call RETURNING * INTO f;
  IF FOUND THEN
    PERFORM dashboard_apply_call(f, -1);
  END IF;
  SELECT * INTO c FROM calls WHERE id = p_call;
  IF FOUND AND c.missed THEN
    SELECT s.zone INTO v_zone FROM dashboard_rollup_state s WHERE s.company_id = c.company_id;
    IF v_zone IS NOT NULL THEN
      f := dashboard_call_facts_of(c, v_zone);
      INSERT INTO dashboard_call_facts SELECT f.*;
      PERFORM dashboard_apply_call(f, 1);
    END IF;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_on_lead() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  f dashboard_lead_facts;
  c dashboard_call_facts;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM dashboard_lock(OLD.company_id, false);
    DELETE FROM dashboard_lead_facts WHERE lead_id = OLD.id RETURNING * INTO f;
    IF FOUND THEN
      PERFORM dashboard_apply_lead(f, -1);
    END IF;
    RETURN NULL;
  END IF;
  PERFORM dashboard_lock(NEW.company_id, false);
  IF TG_OP = 'UPDATE' AND OLD.company_id <> NEW.company_id THEN
    PERFORM dashboard_lock(OLD.company_id, false);
  END IF;
  PERFORM dashboard_recount_lead(NEW);
  -- The lead's missed calls follow its stage.
  IF TG_OP = 'UPDATE' AND dashboard_stage(OLD.status) <> dashboard_stage(NEW.status) THEN
    FOR c IN SELECT * FROM dashboard_call_facts WHERE lead_id = NEW.id LOOP
      PERFORM dashboard_apply_call(c, -1);
      c.stage := dashboard_stage(NEW.status);
      UPDATE dashboard_call_facts SET stage = c.stage WHERE dashboard_call_facts.call_id = c.call_id;
      PERFORM dashboard_apply_call(c, 1);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_on_call() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM dashboard_lock(OLD.company_id, false);
    PERFORM dashboard_recount_call(OLD.id);
  ELSE
    PERFORM dashboard_lock(NEW.company_id, false);
    PERFORM dashboard_recount_call(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  f dashboard_lead_facts;
  c dashboard_call_facts;
  l leads;
  v_first timestamptz;
  v_handled text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_lock(NEW.company_id, false);
    IF NEW.direction = 'outbound' AND NEW.author IN ('user', 'ai', 'flow') THEN
      -- An answer: the client's leads from before it may get their first answer, or a person's.
      FOR f IN SELECT * FROM dashboard_lead_facts WHERE contact_id = NEW.contact_id AND created_at <= NEW.created_at LOOP
        v_first := least(f.first_answer_at, NEW.created_at);
        v_handled := CASE WHEN NEW.author = 'user' OR f.handled = 'person' THEN 'person' WHEN NEW.author = 'ai' OR f.handled = 'ai' THEN 'ai' ELSE 'flow' END;
        IF v_first IS DISTINCT FROM f.first_answer_at OR v_handled <> f.handled THEN
          PERFORM dashboard_apply_lead(f, -1);
          f.first_answer_at := v_first;
          f.handled := v_handled;
          UPDATE dashboard_lead_facts SET first_answer_at = f.first_answer_at, handled = f.handled WHERE lead_id = f.lead_id;
          PERFORM dashboard_apply_lead(f, 1);
        END IF;
      END LOOP;
    ELSIF NEW.direction = 'inbound' THEN
      -- A reply in a thread that got a missed-call text-back.
      FOR c IN SELECT * FROM dashboard_call_facts WHERE conversation_id = NEW.conversation_id AND texted AND NOT replied AND text_back_at < NEW.created_at LOOP
        PERFORM dashboard_apply_call(c, -1);
        c.replied := true;
        UPDATE dashboard_call_facts SET replied = true WHERE dashboard_call_facts.call_id = c.call_id;
        PERFORM dashboard_apply_call(c, 1);
      END LOOP;
    END IF;
    RETURN NULL;
  END IF;
  -- A text moved to another client or thread (a merge) or removed: count again what it touched.
  PERFORM dashboard_lock(OLD.company_id, false);
  FOR l IN SELECT leads.* FROM leads JOIN dashboard_lead_facts lf ON lf.lead_id = leads.id WHERE lf.contact_id = OLD.contact_id OR (TG_OP = 'UPDATE' AND lf.contact_id = NEW.contact_id) LOOP
    PERFORM dashboard_recount_lead(l);
  END LOOP;
  FOR c IN SELECT cf.* FROM dashboard_call_facts cf WHERE cf.conversation_id = OLD.conversation_id OR (TG_OP = 'UPDATE' AND cf.conversation_id = NEW.conversation_id) LOOP
    PERFORM dashboard_recount_call(c.call_id);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Builds (or builds again) a company's rollup in a zone, from its leads, texts and calls as they are.
CREATE OR REPLACE FUNCTION dashboard_rebuild(p_company uuid, p_zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_lock(p_company, true);
  INSERT INTO dashboard_rollup_state (company_id, zone, built_at) VALUES (p_company, p_zone, now())
    ON CONFLICT (company_id) DO UPDATE SET zone = excluded.zone, built_at = excluded.built_at;
  DELETE FROM dashboard_lead_facts WHERE company_id = p_company;
  DELETE FROM dashboard_lead_days WHERE company_id = p_company;
  DELETE FROM dashboard_response_days WHERE company_id = p_company;
  DELETE FROM dashboard_call_facts WHERE company_id = p_company;
  DELETE FROM dashboard_call_days WHERE company_id = p_company;
  INSERT INTO dashboard_lead_facts SELECT f.* FROM leads l CROSS JOIN LATERAL dashboard_lead_facts_of(l, p_zone) AS f WHERE l.company_id = p_company;
  INSERT INTO dashboard_lead_days (company_id, day, source, stage, leads, answered, ai_handled, won_value_cents, won_with_value)
    SELECT f.company_id, f.day, f.source, dashboard_lead_stage(f.status), count(*), count(*) FILTER (WHERE f.handled <> 'none'),
      count(*) FILTER (WHERE dashboard_ai_handled(f.source, f.handled)),
      coalesce(sum(f.value_cents) FILTER (WHERE f.status = 'won'), 0), count(f.value_cents) FILTER (WHERE f.status = 'won')
    FROM dashboard_lead_facts f WHERE f.company_id = p_company GROUP BY 1, 2, 3, 4;
  INSERT INTO dashboard_response_days (company_id, day, seconds, leads)
    SELECT f.company_id, f.day, dashboard_response_bucket(extract(epoch FROM f.first_answer_at - f.created_at)), count(*)
    FROM dashboard_lead_facts f WHERE f.company_id = p_company AND f.first_answer_at IS NOT NULL GROUP BY 1, 2, 3;
  INSERT INTO dashboard_call_facts SELECT f.* FROM calls c CROSS JOIN LATERAL dashboard_call_facts_of(c, p_zone) AS f WHERE c.company_id = p_company AND c.missed;
  INSERT INTO dashboard_call_days (company_id, day, texted, replied, stage, calls)
    SELECT f.company_id, f.day, f.texted, f.replied, f.stage, count(*) FROM dashboard_call_facts f WHERE f.company_id = p_company GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_leads AFTER INSERT OR DELETE OR UPDATE OF company_id, contact_id, source, status, value_cents, created_at ON leads
  FOR EACH ROW EXECUTE FUNCTION dashboard_on_lead();
--> statement-breakpoint
CREATE TRIGGER dashboard_calls AFTER INSERT OR DELETE OR UPDATE OF company_id, missed, started_at, text_back_outcome, text_back_message_id, lead_id ON calls
  FOR EACH ROW EXECUTE FUNCTION dashboard_on_call();
--> statement-breakpoint
CREATE TRIGGER dashboard_messages AFTER INSERT OR DELETE OR UPDATE OF contact_id, conversation_id, direction, author, created_at ON messages
  FOR EACH ROW EXECUTE FUNCTION dashboard_on_message();
