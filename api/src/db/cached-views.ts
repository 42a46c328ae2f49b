/** The polled views: each has its own tags and its own cached answer. */
export type PolledView = 'user' | 'loan';

/**
 * Migration 0021: the assembled answer of a polled view, per session, as the JSON text the route sends, with
 * the versions it was assembled at and the instant it stops holding without a write (ms; 0 for never).
 */
export interface CachedViewsTable {
  session_id: string;
  view: PolledView;
  /** What besides the data shapes the answer in this process: the API's version and its configuration. */
  variant: string;
  user_version: string;
  shared_version: string;
  changes_at: string;
  body: string;
}

declare module './schema' {
  interface Database {
    cached_views: CachedViewsTable;
  }
}
