/**
 * A cookie a service asks the HTTP layer to set (the session cookie of docs/design.md §5, the play cookie of HLS): plain data,
 * so services stay free of HTTP; lib/server/http writes it as Set-Cookie.
 */
export interface ResponseCookie {
  name: string;
  value: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge?: number;
  httpOnly?: boolean;
}
