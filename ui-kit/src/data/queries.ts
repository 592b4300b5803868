// What the query hooks of every slice share: their options. The hooks live in the slices' data/ folders, the session's
// own reads (useMe, useSignupOpen) beside the provider.
export type { QueryOptions } from '../provider/session-queries';
export type { PagedList } from './paging';
