import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useSelector } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Enrolment, type EnrolmentStatus, type EnrolmentSummary } from '../../domain/delivery';
import { selectRecord } from '../../machines/form.machine';
import { useConsoleActorRef, useDeliveryMachines } from '../actors';
import { RecordLoad } from '../form/FormView';
import type { ListConfig } from '../list/list-config';
import { VisuallyHidden } from '../list/VisuallyHidden';
import { DeliveryPanel } from './DeliveryPanel';
import { enrolmentColumns, EnrolmentStatusFilter } from './enrolment-columns';

const learnersList: ListConfig<Enrolment> = {
  titleKey: 'delivery.learners',
  allowedSorts: ['enrolledAt', 'dueDate', 'progress', 'lastActivityAt'],
  columns: [
    { field: 'learner', headerKey: 'delivery.learner', onPhone: true, text: ({ name, surname }) => `${name} ${surname}` },
    { field: 'email', headerKey: 'delivery.email' },
    ...enrolmentColumns<Enrolment>(),
  ],
  readOnly: true,
  deletable: false,
};

/** The plan's Learners tab: the counts, two charts (their numbers also as text), and the learners table with a status filter. */
export function PlanLearners({ planId, initialStatus = '' }: { planId: string; initialStatus?: EnrolmentStatus | '' }) {
  const { learners } = useDeliveryMachines();
  const machines = useMemo(() => learners(planId), [learners, planId]);
  const [status, setStatus] = useState<EnrolmentStatus | ''>(initialStatus);
  return (
    <>
      <LearnersSummary machine={machines.summary} planId={planId} />
      {/* A status is a filter of the list: another status starts another list. */}
      <LearnersTable key={status} machine={machines.list} exportMachine={machines.export} status={status} onStatus={setStatus} />
    </>
  );
}

function LearnersSummary({
  machine,
  planId,
}: {
  machine: ReturnType<ReturnType<typeof useDeliveryMachines>['learners']>['summary'];
  planId: string;
}) {
  const summaryForm = useConsoleActorRef(machine, { input: { id: planId, fields: [], messages: { createdKey: '', updatedKey: '' } } });
  const summary = useSelector(summaryForm, selectRecord) as (EnrolmentSummary & { id: string }) | null;
  return (
    <RecordLoad form={summaryForm} loadErrorKey="delivery.summaryFailed">
      {summary && <SummaryView summary={summary} />}
    </RecordLoad>
  );
}

function SummaryView({ summary }: { summary: EnrolmentSummary }) {
  const { t } = useTranslation();
  const statusTitle = useId();
  const daysTitle = useId();
  const counts: [string, string][] = [
    [t('delivery.counts.enrolled'), String(summary.enrolled)],
    [t('delivery.enrolmentStatus.NOT_STARTED'), String(summary.notStarted)],
    [t('delivery.enrolmentStatus.IN_PROGRESS'), String(summary.inProgress)],
    [t('delivery.enrolmentStatus.COMPLETED'), String(summary.completed)],
    [t('delivery.enrolmentStatus.OVERDUE'), String(summary.overdue)],
    [t('delivery.counts.completionRate'), t('delivery.percent', { value: summary.completionRate })],
  ];
  const byStatus: [EnrolmentStatus, number][] = [
    ['NOT_STARTED', summary.notStarted],
    ['IN_PROGRESS', summary.inProgress],
    ['COMPLETED', summary.completed],
    ['OVERDUE', summary.overdue],
  ];
  return (
    <Box sx={{ mb: 3 }}>
      <Box
        component="dl"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' }, m: 0 }}
      >
        {counts.map(([label, value]) => (
          <Paper key={label} variant="outlined" sx={{ p: 1.5 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }} data-testid="learner-count">
              {value}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper component="figure" variant="outlined" aria-labelledby={statusTitle} sx={{ p: 2, m: 0 }}>
          <Typography id={statusTitle} component="figcaption" variant="subtitle1">
            {t('delivery.statusBreakdown')}
          </Typography>
          <VisuallyHidden>
            {byStatus.map(([status, count]) => `${t(`delivery.enrolmentStatus.${status}`)}: ${count}`).join(', ')}
          </VisuallyHidden>
          <Box aria-hidden>
            <PieChart
              height={200}
              series={[
                {
                  innerRadius: 40,
                  data: byStatus.map(([status, count], index) => ({
                    id: index,
                    value: count,
                    label: t(`delivery.enrolmentStatus.${status}`),
                  })),
                },
              ]}
            />
          </Box>
        </Paper>
        <Paper component="figure" variant="outlined" aria-labelledby={daysTitle} sx={{ p: 2, m: 0 }}>
          <Typography id={daysTitle} component="figcaption" variant="subtitle1">
            {t('delivery.completionsOverTime')}
          </Typography>
          {summary.completionsByDay.length === 0 ? (
            <Typography color="text.secondary">{t('delivery.noCompletions')}</Typography>
          ) : (
            <>
              <VisuallyHidden>
                {summary.completionsByDay
                  .map(({ day: date, completed }) => `${t('delivery.day', { date: new Date(date) })}: ${completed}`)
                  .join(', ')}
              </VisuallyHidden>
              <Box aria-hidden>
                <BarChart
                  height={200}
                  xAxis={[
                    {
                      scaleType: 'band',
                      data: summary.completionsByDay.map(({ day: date }) => t('delivery.day', { date: new Date(date) })),
                    },
                  ]}
                  series={[{ data: summary.completionsByDay.map(({ completed }) => completed), label: t('delivery.completions') }]}
                />
              </Box>
            </>
          )}
        </Paper>
      </Box>
    </Box>
  );
}

function LearnersTable({
  machine,
  exportMachine,
  status,
  onStatus,
}: {
  machine: ReturnType<ReturnType<typeof useDeliveryMachines>['learners']>['list'];
  exportMachine: ReturnType<ReturnType<typeof useDeliveryMachines>['learners']>['export'];
  status: EnrolmentStatus | '';
  onStatus: (status: EnrolmentStatus | '') => void;
}) {
  const list = useConsoleActorRef(machine, { input: { allowedSorts: learnersList.allowedSorts, filters: status ? { status } : {} } });
  const exporter = useConsoleActorRef(exportMachine);
  return (
    <DeliveryPanel
      list={list}
      config={learnersList}
      basePath="/users"
      exporter={exporter}
      actions={<EnrolmentStatusFilter status={status} onStatus={onStatus} />}
    />
  );
}
