-- 0056 stock_month_totals is derived data: only PostgreSQL writes it. The trigger that keeps it
-- runs as the owner (SECURITY DEFINER), so the API's role needs — and gets, api/src/db/roles.ts —
-- only SELECT on it and on its zone; a bug or an injection in the API cannot make the home page's
-- totals disagree with the ledger. The rebuild (owner's, takes the ledger's SHARE lock) may only be
-- called by the roles it is granted to (the API's role), no longer by every role of the server.
ALTER FUNCTION stock_month_totals_add() SECURITY DEFINER SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION stock_month_totals_rebuild(text) FROM PUBLIC;
