/** Types of handler.cjs, the page cache of the process (next.config.mjs cacheHandler). */
declare class PageCacheHandler {
  constructor(options?: { maxMemoryCacheSize?: number });
  get(
    key: string,
    ctx?: { tags?: string[]; softTags?: string[] },
  ): Promise<{ value: unknown; lastModified: number; cacheControl?: unknown } | null>;
  set(
    key: string,
    data: unknown,
    ctx?: { tags?: string[]; fetchCache?: boolean; cacheControl?: unknown },
  ): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}
declare namespace PageCacheHandler {
  /** Expires the tags now (or at `now`): entries made before that carry one of them are rendered anew. */
  function expireTags(tags: string | readonly string[], now?: number): void;
  /** Expires every entry made before now. */
  function expireAll(now?: number): void;
}
export = PageCacheHandler;
