// Async boundary: the shared singletons are negotiated before any module that uses them runs.
// What the first screen needs from the network starts first, while they download.
import { startup } from './startup';

void startup().catch(() => undefined);
import('./bootstrap');
