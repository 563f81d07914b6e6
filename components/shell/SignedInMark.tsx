import { IDENTITY_COOKIE, SIGNED_IN_ATTRIBUTE } from '@/lib/session/identity-cookie';

/**
 * Marks <html> as signed in before anything is drawn, from the identity cookie (readable by scripts; the token
 * itself is HttpOnly). Cached public pages carry the visitor's header; with the mark, styles/globals.css hides
 * its 登录 for someone who is signed in until HeaderUser, after hydration, shows their own header.
 */
const SCRIPT = `try{if(/(?:^|;\\s*)${IDENTITY_COOKIE}=/.test(document.cookie))document.documentElement.setAttribute('${SIGNED_IN_ATTRIBUTE}','')}catch(e){}`;

export function SignedInMark() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
