/**
 * The contract's Silent endpoints (lib/contract/endpoints, SPEC 8 rule 4) as a value the client reads at run time.
 * The list is checked against the contract both ways: a path not declared Silent, or a Silent one left out, fails
 * the type check.
 */
import type { SilentPath } from './endpoints';

export const SILENT_CALLS = [
  '/api/eosoperator/forgetPasswordSendEmail',
  '/api/eosoperator/forgetPasswordCheckToken',
  '/modules/eosoperator/loginByQRRandNum',
  '/api/study/submit',
  '/api/register/valid',
  '/api/examExaminfo/detail',
  '/api/collection/assignStatus',
  '/api/collection/save',
  '/api/recommendseries/applicationCertificate',
] as const satisfies readonly SilentPath[];

type Unlisted = Exclude<SilentPath, (typeof SILENT_CALLS)[number]>;
/** Compiles only while every Silent path of the contract is listed above. */
export const SILENT_LIST_COMPLETE: [Unlisted] extends [never] ? true : Unlisted = true;
