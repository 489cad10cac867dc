-- 0061 an employee's e-mail, and the employee a signed-in person is. The e-mail is the one the
-- person signs in with (kept trimmed and in lower case: the provider may send any case); it is
-- optional and need not be unique (a shared mailbox), so a sign-in links a person to an employee
-- by e-mail only when exactly one employee has it. An administrator may link anyone by hand.
-- One person per employee: the employee's requests, authorizations and signatures are that
-- person's.
ALTER TABLE employees ADD COLUMN email text
  CONSTRAINT employees_email_format CHECK (email = lower(btrim(email)) AND email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' AND length(email) <= 254);
CREATE INDEX employees_email_idx ON employees (email) WHERE email IS NOT NULL;

ALTER TABLE app_users ADD COLUMN employee_id integer REFERENCES employees (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX app_users_employee_key ON app_users (employee_id) WHERE employee_id IS NOT NULL;
