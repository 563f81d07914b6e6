/**
 * The play cookie: a random id of the browser, set with its first play ticket (services/media/hls/tickets). It binds
 * a ticket and the segment URLs signed for it to this browser, and nginx reads it ($cookie_ce_play) to check a
 * segment's signature. It grants nothing on its own.
 */
export const PLAY_COOKIE = 'ce_play';
export const PLAY_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export const validPlayId = (v: string | null | undefined): v is string => !!v && /^[A-Za-z0-9_-]{22}$/.test(v);
