import { z } from 'zod';
import { V } from './messages';

/** SPEC 5: a keyword that is blank (null or only whitespace) is refused. */
export const searchKeywordSchema = z.string().trim().min(1, V.searchKeywordRequired).max(50, '搜索内容不能超过50个字');
