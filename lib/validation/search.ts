import { z } from 'zod';
import { searchKeywordError } from './search-rule';

/** SPEC 5: a keyword that is blank (null or only whitespace) is refused. */
export const searchKeywordSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const message = searchKeywordError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
