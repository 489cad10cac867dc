// The audit log's viewer. Writes to the log come from each module's own
// transactions (audit.repository.ts's recordAudit); this module only reads it.
import type { ApiModule } from '../module';
import auditRoutes from './audit.routes';

const audit: ApiModule = async (app, options) => {
  await app.register(auditRoutes, options);
};

export default audit;
