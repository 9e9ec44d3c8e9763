import type { Static } from 'typebox';
import type * as reports from '../../contract/reports.schemas';
import type { ReportName } from '../../contract/values';

export { reportNames, type ReportName } from '../../contract/values';

/** The completion reports (`GET reports/{companies,plans,groups}`): each row's enrolments counted by status now. */
export type CompanyCompletion = Static<typeof reports.CompanyCompletion>;
export type PlanCompletion = Static<typeof reports.PlanCompletion>;
export type GroupCompletion = Static<typeof reports.GroupCompletion>;

/** Which contract row each report answers. */
export interface ReportRows extends Record<ReportName, unknown> {
  companies: CompanyCompletion;
  plans: PlanCompletion;
  groups: GroupCompletion;
}
