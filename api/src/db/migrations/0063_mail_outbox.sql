-- 0063 mail to people (a request to authorize, authorized, delivered…), queued in the transaction
-- of the change it tells about: committed with it, gone with it when it rolls back. The sender
-- (api/src/mail/sender.ts) sends what is due after the commit and retries what the mail server
-- refused, so a mail server that is down never blocks or undoes the change. Written only with
-- SMTP_URL set.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now(),
  to_address text NOT NULL CHECK (length(to_address) BETWEEN 3 AND 254),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  -- After the last attempt: kept, with its error, for whoever looks at why it never arrived.
  given_up_at timestamptz,
  last_error text,
  CHECK (sent_at IS NULL OR given_up_at IS NULL)
);

-- What the sender looks for: the mail still to send, oldest due first.
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id) WHERE sent_at IS NULL AND given_up_at IS NULL;
