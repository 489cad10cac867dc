-- 0051 sign-in throttle that counts an attempt BEFORE its password is checked (api/src/idp/throttle.ts).
-- `failures` now counts the failed checks plus the ones under way: an attempt is reserved (the
-- count raised, under a row lock) before the password is hashed and given back if it turns out
-- right or is never checked, so simultaneous guesses cannot all slip under the limit.
-- Keys: 'pair:<address>|<username>' (5 free), 'ip:<address>' (20 free), 'user:<username>' (10
-- free, then spaced out rather than locked). A reservation locks its rows by inserting them with
-- a count of 0 when they do not exist yet, hence the relaxed check.
ALTER TABLE idp_login_failures DROP CONSTRAINT idp_login_failures_failures_check;
ALTER TABLE idp_login_failures ADD CONSTRAINT idp_login_failures_failures_check CHECK (failures >= 0);

-- Username keys past their free failures: the earliest moment the next password may be checked
-- (checks of one username are spaced out, whichever addresses they come from).
ALTER TABLE idp_login_failures ADD COLUMN next_check_at timestamptz;
