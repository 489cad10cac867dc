-- 0004 users and their roles (issue #15). Almacén keeps its own list of the people who have
-- signed in — whatever provider they come from — and the roles it grants them; a person appears
-- here on their first call with no role. Roles a provider grants through OIDC_ROLES_CLAIM are
-- kept apart (refreshed from each token, never edited here), so the two never mix.
CREATE TABLE app_users (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  issuer         text NOT NULL CHECK (issuer <> ''),
  sub            text NOT NULL CHECK (sub <> '' AND char_length(sub) <= 255),
  name           text NOT NULL CHECK (char_length(name) <= 200),
  email          text CHECK (email IS NULL OR char_length(email) <= 320),
  -- preferred_username, as the provider last said it (ADMIN_USERS may name the embedded provider's usernames).
  username       text CHECK (username IS NULL OR char_length(username) <= 200),
  -- Granted by an administrator in "Usuarios".
  roles          text[] NOT NULL DEFAULT '{}'
                 CHECK (roles <@ ARRAY['CONSULTA', 'ALMACENISTA', 'AUTORIZADOR', 'ADMINISTRADOR']),
  -- Granted by the identity provider (OIDC_ROLES_CLAIM + OIDC_ROLE_MAP), as of the last token seen.
  provider_roles text[] NOT NULL DEFAULT '{}'
                 CHECK (provider_roles <@ ARRAY['CONSULTA', 'ALMACENISTA', 'AUTORIZADOR', 'ADMINISTRADOR']),
  active         boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_seen_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (issuer, sub)
);
CREATE INDEX app_users_email_idx ON app_users (lower(email)) WHERE email IS NOT NULL;

