-- 0067 a role is granted for one warehouse or for all of them.
--
-- * The roles granted in Almacén move from app_users.roles to app_user_roles: one row per (person,
--   role, warehouse), the warehouse NULL meaning every warehouse. Every existing grant becomes a
--   grant for every warehouse, so a deployment with one warehouse behaves as before.
-- * ADMINISTRADOR is institution-wide: never granted for one warehouse.
-- * A change to someone's grants is announced on 'almacen_app_users' with their id, in the same
--   transaction, like every change to app_users (0054): the API processes forget that person.
-- * The roles the provider grants (OIDC_ROLES_CLAIM + OIDC_ROLE_MAP) stay in app_users.provider_roles,
--   as text: 'ALMACENISTA' (every warehouse) or 'ALMACENISTA@P012' (the warehouse whose code is
--   P012, resolved when the caller is built: a code no warehouse has grants nothing).

CREATE TABLE app_user_roles (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES app_users (id) ON DELETE CASCADE,
  role         text NOT NULL CHECK (role IN ('SOLICITANTE', 'CONSULTA', 'ALMACENISTA', 'AUTORIZADOR', 'ADMINISTRADOR')),
  warehouse_id integer REFERENCES warehouses (id),
  CHECK (role <> 'ADMINISTRADOR' OR warehouse_id IS NULL),
  UNIQUE NULLS NOT DISTINCT (user_id, role, warehouse_id)
);
CREATE INDEX app_user_roles_warehouse_id_idx ON app_user_roles (warehouse_id) WHERE warehouse_id IS NOT NULL;

INSERT INTO app_user_roles (user_id, role, warehouse_id)
SELECT u.id, r.role, NULL FROM app_users u CROSS JOIN LATERAL unnest(u.roles) AS r(role);

ALTER TABLE app_users DROP COLUMN roles;

CREATE FUNCTION app_user_roles_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('almacen_app_users', '*');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('almacen_app_users', NEW.user_id::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('almacen_app_users', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('almacen_app_users', OLD.user_id::text);
    IF NEW.user_id <> OLD.user_id THEN
      PERFORM pg_notify('almacen_app_users', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER app_user_roles_notify AFTER INSERT OR UPDATE OR DELETE ON app_user_roles FOR EACH ROW EXECUTE FUNCTION app_user_roles_notify();
CREATE TRIGGER app_user_roles_notify_truncate AFTER TRUNCATE ON app_user_roles FOR EACH STATEMENT EXECUTE FUNCTION app_user_roles_notify();

-- A provider's role: a role's name, alone or followed by @ and a warehouse's code.
CREATE FUNCTION provider_roles_valid(roles text[]) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(bool_and(r ~ '^(SOLICITANTE|CONSULTA|ALMACENISTA|AUTORIZADOR|ADMINISTRADOR)(@[A-Z0-9][A-Z0-9-]{0,19})?$'), true)
    FROM unnest(roles) AS r
$$;
ALTER TABLE app_users DROP CONSTRAINT app_users_provider_roles_check,
  ADD CONSTRAINT app_users_provider_roles_check CHECK (provider_roles_valid(provider_roles));
