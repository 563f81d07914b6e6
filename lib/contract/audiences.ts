/** The sites a course, notice or series is published to (its audiences), as every form and table names them. */
import type { Audience } from '@/lib/variants';

export type { Audience };

/** In the forms' order. */
export const AUDIENCE_CHOICES: readonly [Audience, string][] = [
  ['general', '继续教育网络学院'],
  ['party', '党员网络学习平台'],
  ['student', '研究生科学教育平台'],
];

export const AUDIENCE_NAMES = Object.fromEntries(AUDIENCE_CHOICES) as Record<Audience, string>;

/** A stored audience by name (an unknown one as stored). */
export const audienceName = (a: string) => AUDIENCE_NAMES[a as Audience] ?? a;
