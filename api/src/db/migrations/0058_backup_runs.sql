-- 0058 every backup attempt, by the daily schedule or by `npm run backup`, whichever process took
-- it: when, where (host, folder, file), how large, and whether it worked (else why not). It lives
-- in the database so every copy of the API answers the same in /healthz and «Respaldos», and it is
-- backed up like any table (a backup holds the attempts before it; its own is recorded after).
-- Written by the owner's connection that took the backup; the API's role only reads it.
CREATE TABLE backup_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  ok boolean NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('programado', 'manual')),
  -- The scheduled instant a programmed backup was for: one per instant, whichever copy took it.
  scheduled_for timestamptz UNIQUE,
  host text NOT NULL,
  directory text NOT NULL,
  file_name text,
  size_bytes bigint CHECK (size_bytes >= 0),
  error text,
  CHECK (ok = (file_name IS NOT NULL AND size_bytes IS NOT NULL AND error IS NULL)),
  CHECK (ok OR error IS NOT NULL),
  CHECK ((trigger = 'programado') = (scheduled_for IS NOT NULL))
);

CREATE INDEX backup_runs_at ON backup_runs (at DESC, id DESC);
