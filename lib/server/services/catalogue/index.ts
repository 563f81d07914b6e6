/**
 * The catalogue's entity services under one name, for the endpoint table's `cat.` calls (its rows stay as they
 * are). Services import the modules themselves, never this file, so that no module of the folder imports its own index.
 */
export * from './courses';
export * from './series';
export * from './teachers';
export * from './live';
export * from './news';
export * from './policies';
export * from './orgs';
export * from './sitemap-entries';
