/**
 * Names of the data that cached public pages show (docs/design.md §2: invalidation names data, never pages). A page
 * declares the tags of what it shows (lib/catalogue/server tagPage); the backend invalidates the tags a write
 * changes (lib/server/cache). Neither side knows the other's folders.
 */
export const TAGS = {
  /** Any course list: lists, home modules, counts on series and teacher pages, search. */
  courses: 'catalogue:courses',
  series: 'catalogue:series',
  trains: 'catalogue:trains',
  /** News and notices. */
  news: 'catalogue:news',
  course: (id: number) => `course:${id}`,
  seriesItem: (id: number) => `series:${id}`,
  train: (id: number) => `train:${id}`,
  space: (kind: string, id: number) => `space:${kind}:${id}`,
} as const;

/** What search results show: every kind of item. */
export const SEARCH_TAGS = [TAGS.courses, TAGS.series, TAGS.trains, TAGS.news];
