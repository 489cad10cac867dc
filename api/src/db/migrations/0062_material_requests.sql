-- 0062 material requests («Solicitudes de material»): a person (the requester, an employee linked
-- to their user) asks for products, the head of their area named on the request authorizes or
-- rejects them, the warehouse delivers them with exits and the requester confirms the receipt.
-- The request row holds the current state; every change of it is a row of
-- material_request_events (who, when, why, and the exit that caused it), which is append-only.
-- A line's delivered quantity is not stored: it is the sum of the non-cancelled exit lines that
-- name it, so an exit and its cancellation are the only way it changes.
CREATE TABLE material_requests (
  id                    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- "SOL-000042": unique with the id; gaps (a refused request's) are allowed.
  folio                 text GENERATED ALWAYS AS ('SOL-' || CASE WHEN id < 1000000 THEN lpad(id::text, 6, '0') ELSE id::text END) STORED
                        CONSTRAINT material_requests_folio_key UNIQUE,
  status                text NOT NULL DEFAULT 'ENVIADA'
                        CHECK (status IN ('ENVIADA', 'AUTORIZADA', 'RECHAZADA', 'CANCELADA', 'SURTIDA_PARCIAL', 'SURTIDA', 'CERRADA', 'RECIBIDA')),
  -- The warehouse that delivers. Warehouses are not registered yet: always null, and the
  -- reference is added with their table.
  warehouse_id          integer,
  requester_employee_id integer NOT NULL REFERENCES employees (id),
  area_head_employee_id integer NOT NULL REFERENCES employees (id),
  reason                text NOT NULL CHECK (btrim(reason) <> '' AND char_length(reason) <= 500),
  created_by            text NOT NULL,
  created_by_name       text NOT NULL,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT material_requests_head_is_another CHECK (area_head_employee_id <> requester_employee_id)
);
CREATE INDEX material_requests_requester_idx ON material_requests (requester_employee_id, id);
CREATE INDEX material_requests_area_head_idx ON material_requests (area_head_employee_id, status, id);
CREATE INDEX material_requests_status_idx ON material_requests (status, id);

-- requested: what the person asked; authorized: what the head gave (null until then, ≤ requested,
-- 0 = not given); closed: what the warehouse said it will not deliver.
CREATE TABLE material_request_lines (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id   integer NOT NULL REFERENCES material_requests (id),
  line_no      integer NOT NULL CHECK (line_no >= 1),
  product_id   integer NOT NULL REFERENCES products (id),
  requested    numeric(15, 3) NOT NULL CHECK (requested > 0),
  authorized   numeric(15, 3) CHECK (authorized >= 0 AND authorized <= requested),
  closed       numeric(15, 3) NOT NULL DEFAULT 0 CHECK (closed >= 0 AND closed <= coalesce(authorized, 0)),
  observations text CHECK (char_length(observations) <= 500),
  UNIQUE (request_id, line_no)
);
CREATE INDEX material_request_lines_product_id_idx ON material_request_lines (product_id);

CREATE TABLE material_request_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id  integer NOT NULL REFERENCES material_requests (id),
  status      text NOT NULL
              CHECK (status IN ('ENVIADA', 'AUTORIZADA', 'RECHAZADA', 'CANCELADA', 'SURTIDA_PARCIAL', 'SURTIDA', 'CERRADA', 'RECIBIDA')),
  reason      text CHECK (char_length(reason) <= 500),
  -- The exit whose registration or cancellation moved the state, if one did.
  dispatch_id integer REFERENCES dispatches (id),
  at          timestamptz NOT NULL DEFAULT now(),
  by_sub      text NOT NULL,
  by_name     text NOT NULL
);
CREATE INDEX material_request_events_request_idx ON material_request_events (request_id, id);
CREATE INDEX material_request_events_dispatch_idx ON material_request_events (dispatch_id) WHERE dispatch_id IS NOT NULL;
CREATE TRIGGER material_request_events_append_only BEFORE UPDATE OR DELETE ON material_request_events
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER material_request_events_no_truncate BEFORE TRUNCATE ON material_request_events
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();

-- An exit may deliver a request: the dispatch names it and each of its lines the request line.
ALTER TABLE dispatches ADD COLUMN request_id integer REFERENCES material_requests (id);
ALTER TABLE dispatch_lines ADD COLUMN request_line_id integer REFERENCES material_request_lines (id);
CREATE INDEX dispatches_request_id_idx ON dispatches (request_id) WHERE request_id IS NOT NULL;
CREATE INDEX dispatch_lines_request_line_id_idx ON dispatch_lines (request_line_id) WHERE request_line_id IS NOT NULL;

-- The new access role.
ALTER TABLE app_users DROP CONSTRAINT app_users_roles_check,
  ADD CONSTRAINT app_users_roles_check CHECK (roles <@ ARRAY['SOLICITANTE', 'CONSULTA', 'ALMACENISTA', 'AUTORIZADOR', 'ADMINISTRADOR']);
ALTER TABLE app_users DROP CONSTRAINT app_users_provider_roles_check,
  ADD CONSTRAINT app_users_provider_roles_check
    CHECK (provider_roles <@ ARRAY['SOLICITANTE', 'CONSULTA', 'ALMACENISTA', 'AUTORIZADOR', 'ADMINISTRADOR']);
