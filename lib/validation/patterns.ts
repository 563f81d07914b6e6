/**
 * SPEC 5's helper patterns, as written there. The phone pattern takes the SPEC's own regular expression
 * (1[34578]) where its prose also names 16: the pattern is the rule.
 */

/** Mobile number: 11 digits, 1 then 3 to 9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** Phone: a landline (3-4 digit area code, hyphen, 7-8 digits) or a mobile of 11-12 digits (1[34578]). */
export const PHONE_PATTERN = /^(?:\d{3,4}-\d{7,8}|1[34578]\d{9,10})$/;

// SPEC 5's e-mail pattern is EMAIL_PATTERN in ./accounts.

/** A phone number as typed: spaces between digit groups are left out before SPEC 5's pattern is applied. */
export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/\s/g, ''));
}

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value.trim());
}
