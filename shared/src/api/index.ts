// The one API layer: per resource, its keys, typed read hooks and the changes that
// refresh every key they affect. The remotes and the shell read and write through it; none of
// them writes an API path or a fetcher of its own for these resources.
export { apiKeys, staleAfter, WAREHOUSES_KEY } from './keys';
export { useResource, type Resource } from '../platform/resource';
export { usePagedResource, type PagedQuery, type PagedResource } from '../platform/paged-resource';
export { useMutation, type MutationTexts } from './mutation';
export * from './catalogs';
export * from './documents';
export * from './stock';
export * from './counts';
export * from './closings';
export * from './reports';
export * from './imports';
export * from './requests';
