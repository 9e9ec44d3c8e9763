import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { CompanyCompletion, GroupCompletion, PlanCompletion } from '../../domain/reports';
import type { ColumnConfig, ListConfig } from '../list/list-config';

type Counted = CompanyCompletion | PlanCompletion | GroupCompletion;

/** A count in the page's language ("1,009", "1.009"). */
function Count({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return new Intl.NumberFormat(i18n.language).format(value);
}

/** The completion rate as a bar and a percentage in the page's language; a dash when nobody is enrolled. */
function Rate({ value }: { value: number | null }) {
  const { t, i18n } = useTranslation();
  if (value === null) return <span aria-label={t('reports.nobodyEnrolled')}>—</span>;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
      {/* A plain bar, not a progressbar: nothing is loading, and the percentage beside it says the number. */}
      <Box aria-hidden sx={{ flex: 1, minWidth: 40, height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}>
        <Box sx={{ width: `${value * 100}%`, height: '100%', bgcolor: 'primary.main' }} />
      </Box>
      <Typography variant="body2" component="span">
        {percent}
      </Typography>
    </Stack>
  );
}

/** The columns of the counts, the same in every report. */
function countColumns<Row extends Counted>(): ColumnConfig<Row>[] {
  const count = (field: 'enrolled' | 'notStarted' | 'inProgress' | 'completed' | 'overdue', sortable = false): ColumnConfig<Row> => ({
    field,
    headerKey: `reports.${field}`,
    ...(sortable && { sortBy: field }),
    render: (row) => <Count value={row[field]} />,
  });
  return [
    count('enrolled', true),
    count('notStarted'),
    count('inProgress'),
    count('completed', true),
    count('overdue', true),
    {
      field: 'completionRate',
      headerKey: 'reports.completionRate',
      sortBy: 'completionRate',
      onPhone: true,
      render: (row) => <Rate value={row.completionRate} />,
    },
  ];
}

const allowedSorts = ['name', 'enrolled', 'completed', 'overdue', 'completionRate'] as const;

/** The row's name, leading to its page when there is one for the reader. */
const named = (name: string, href?: string): ReactNode =>
  href ? (
    <Link component={RouterLink} href={href}>
      {name}
    </Link>
  ) : (
    name
  );

/** Completion per company (GLOBAL and TENANT admins); a TENANT admin opens the company's page from its name. */
export const companyReport = (linkCompanies: boolean): ListConfig<CompanyCompletion> => ({
  titleKey: 'reports.byCompany',
  allowedSorts,
  readOnly: true,
  deletable: false,
  columns: [
    {
      field: 'name',
      headerKey: 'reports.company',
      sortBy: 'name',
      onPhone: true,
      render: (row) => named(row.name, linkCompanies ? `/companies/${row.id}` : undefined),
    },
    { field: 'tenant', headerKey: 'fields.tenant', text: (row) => row.tenant.name },
    ...countColumns<CompanyCompletion>(),
  ],
});

/** Completion per training plan of a COMPANY admin's company. */
export const planReport: ListConfig<PlanCompletion> = {
  titleKey: 'reports.byPlan',
  allowedSorts,
  readOnly: true,
  deletable: false,
  columns: [
    {
      field: 'name',
      headerKey: 'reports.plan',
      sortBy: 'name',
      onPhone: true,
      render: (row) => named(row.name, `/training-plans/${row.id}`),
    },
    { field: 'status', headerKey: 'fields.status', render: (row, t) => t(`planStatus.${row.status}`) },
    ...countColumns<PlanCompletion>(),
  ],
};

/** Completion per group: its members' enrolments in the plans assigned to the group. */
export const groupReport: ListConfig<GroupCompletion> = {
  titleKey: 'reports.byGroup',
  allowedSorts,
  readOnly: true,
  deletable: false,
  columns: [
    { field: 'name', headerKey: 'reports.group', sortBy: 'name', onPhone: true, text: (row) => row.name },
    { field: 'memberCount', headerKey: 'reports.members', render: (row) => <Count value={row.memberCount} /> },
    ...countColumns<GroupCompletion>(),
  ],
};
