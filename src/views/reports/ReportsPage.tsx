import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Redirect } from 'wouter';
import type { ReportName, ReportRows } from '../../domain/reports';
import { selectSessionState } from '../../machines/session.machine';
import { useReportMachine, useSessionActor } from '../actors';
import type { ListConfig } from '../list/list-config';
import { ListScreen } from '../list/ListView';
import { useListInAddressBar } from '../list/list-address';
import { companyReport, groupReport, planReport } from './report-lists';

/**
 * The completion reports (issue 27): per company for GLOBAL and TENANT admins (`/reports`), per plan
 * (`/reports/plans`) and per group (`/reports/groups`) for a COMPANY admin, each a read-only list on the generic list
 * machine and view, its page, sort and search in the address.
 */
export function ReportsPage({ view }: { view?: string }) {
  const scope = useSelector(useSessionActor(), selectSessionState)?.user.scope;
  if (scope !== 'COMPANY') {
    if (view) return <Redirect to="/reports" replace />;
    return <Report name="companies" config={companyReport(scope === 'TENANT')} basePath="/reports" />;
  }
  if (view !== 'plans' && view !== 'groups') return <Redirect to="/reports/plans" replace />;
  return (
    <>
      <CompanyReportTabs view={view} />
      {view === 'plans' ? (
        <Report key="plans" name="plans" config={planReport} basePath="/reports/plans" />
      ) : (
        <Report key="groups" name="groups" config={groupReport} basePath="/reports/groups" />
      )}
    </>
  );
}

function CompanyReportTabs({ view }: { view: 'plans' | 'groups' }) {
  const { t } = useTranslation();
  return (
    <Tabs value={view} aria-label={t('reports.views')} sx={{ mb: 1 }} variant="scrollable" allowScrollButtonsMobile>
      <Tab value="plans" label={t('reports.byPlan')} component={RouterLink} href="/reports/plans" />
      <Tab value="groups" label={t('reports.byGroup')} component={RouterLink} href="/reports/groups" />
    </Tabs>
  );
}

function Report<Name extends ReportName>({
  name,
  config,
  basePath,
}: {
  name: Name;
  config: ListConfig<ReportRows[Name]>;
  basePath: string;
}) {
  const list = useListInAddressBar(useReportMachine(name), config.allowedSorts);
  return <ListScreen list={list} config={config} basePath={basePath} />;
}
