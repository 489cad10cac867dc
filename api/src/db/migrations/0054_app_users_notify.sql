-- 0054 every change to who someone is in Almacén — roles granted here or by the provider, being
-- active, name, e-mail, username, a new or removed row — is announced on the channel
-- 'almacen_app_users' with the row's id, in the same transaction (delivered at COMMIT, never for
-- a rolled-back change). Each API process keeps the resolved caller of recent requests and
-- forgets a person when this says so (access/user-cache.ts). The last access, written at most
-- once a minute, changes nothing the access check uses and is not announced. TRUNCATE says '*'.
CREATE FUNCTION app_users_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('almacen_app_users', '*');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('almacen_app_users', NEW.id::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('almacen_app_users', OLD.id::text);
  ELSIF (to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at') THEN
    PERFORM pg_notify('almacen_app_users', OLD.id::text);
    IF NEW.id <> OLD.id THEN
      PERFORM pg_notify('almacen_app_users', NEW.id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER app_users_notify AFTER INSERT OR UPDATE OR DELETE ON app_users FOR EACH ROW EXECUTE FUNCTION app_users_notify();
CREATE TRIGGER app_users_notify_truncate AFTER TRUNCATE ON app_users FOR EACH STATEMENT EXECUTE FUNCTION app_users_notify();
