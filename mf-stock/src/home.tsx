// What this remote exposes as ./Home: its section of the portal's home page, which
// the shell renders above the release notes (pages.ts `home`) with the same error boundary and
// "Reintentar" as ./App. No providers: the shell's are used.
import { HomeSummary } from './features/home/components/home-summary';

export default function StockHome() {
  return <HomeSummary />;
}
