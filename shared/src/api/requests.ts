// Material requests: one request as GET /api/requests/{id} answers it. Two areas read it — the
// requests' own remote and the exit wizard, which fills an exit from it — so it lives here; the
// lists, the form's choices and the state changes are the requests remote's own (its src/api/).
import type { RequestDetail } from '../domain';
import { useResource } from '../platform/resource';
import { apiKeys } from './keys';

export const useMaterialRequest = (id: number | null | undefined) => useResource<RequestDetail>(id ? apiKeys.request(id) : null);
