import { z } from 'zod';
// zod's project-wide settings (Chinese messages; no eval probe in the browser) come with common.
import './common';
import { searchKeywordError } from './search-rule';

/** SPEC 5: a keyword that is blank (null or only whitespace) is refused. */
export const searchKeywordSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const message = searchKeywordError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
