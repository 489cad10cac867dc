// The ledger check lives with the restore that proves a database with it (api/src/backup/); the
// crash and load tests and the benches import it from here.
export { checkLedger } from '../../api/src/backup/ledger-check';
