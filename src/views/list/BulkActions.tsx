import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { bulkSkipReason, type BulkReport } from '../../domain/bulk';
import {
  selectAllSelected,
  selectBulkActions,
  selectBulkReport,
  selectIsBusy,
  selectMayConfirmBulk,
  selectPendingBulk,
  selectSelectionCount,
  selectTotal,
} from '../../machines/list.machine';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { BulkParamsFields } from './BulkParamsFields';
import { ExportSelectionButton } from './ExportSelection';
import type { ListActor } from './list-actor';
import type { ListExportActor } from './ListToolbar';

/**
 * What a list with bulk actions shows around its grid: the last action's report, the selection's bar (with Export
 * selection when the list has an `exporter`), the confirmation.
 */
export function BulkSelection({ list, exporter }: { list: ListActor; exporter?: ListExportActor | undefined }) {
  return (
    <>
      <BulkReportAlert list={list} />
      <BulkActionBar list={list} exporter={exporter} />
      <BulkConfirmation list={list} />
    </>
  );
}

/**
 * The bar of a list's selection (issue 29): how many rows are selected, "Select all N" (every row the search and
 * filters match), Clear, the list's bulk actions and Export selection. Shown only while something is selected.
 */
export function BulkActionBar({ list, exporter }: { list: ListActor; exporter?: ListExportActor | undefined }) {
  const { t } = useTranslation();
  const actions = useSelector(list, selectBulkActions);
  const count = useSelector(list, selectSelectionCount);
  const allSelected = useSelector(list, selectAllSelected);
  const total = useSelector(list, selectTotal);
  if (count === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="region"
      aria-label={t('bulk.selected', { count })}
      sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography variant="body2" sx={{ mr: 1 }}>
        {allSelected ? t('bulk.allSelected', { count }) : t('bulk.selected', { count })}
      </Typography>
      {!allSelected && count < total && (
        <Button size="small" onClick={() => list.send({ type: 'list.selectAll' })}>
          {t('bulk.selectAll', { count: total })}
        </Button>
      )}
      <Button size="small" onClick={() => list.send({ type: 'list.clearSelection' })}>
        {t('bulk.clear')}
      </Button>
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          variant="outlined"
          color={action === 'delete' ? 'error' : 'primary'}
          onClick={() => list.send({ type: 'list.bulk', action })}
        >
          {t(`bulk.action.${action}`)}
        </Button>
      ))}
      {exporter && <ExportSelectionButton list={list} exporter={exporter} />}
    </Stack>
  );
}

/** The confirmation of a bulk action, naming how many rows it acts on; both buttons wait while it runs. */
export function BulkConfirmation({ list }: { list: ListActor }) {
  const { t } = useTranslation();
  const action = useSelector(list, selectPendingBulk);
  const count = useSelector(list, selectSelectionCount);
  const busy = useSelector(list, selectIsBusy);
  const mayConfirm = useSelector(list, selectMayConfirmBulk);
  return (
    <ConfirmDialog
      open={action !== null}
      busy={busy}
      // Named by its action, for a screen reader to say which dialog opened.
      title={action ? t(`bulk.action.${action}`) : undefined}
      text={action ? t(`bulk.confirm.${action}`, { count }) : ''}
      confirmLabel={action ? t(`bulk.action.${action}`) : ''}
      cancelLabel={t('dialog.cancel')}
      confirmDisabled={!mayConfirm}
      onConfirm={() => list.send({ type: 'list.confirmBulk' })}
      onCancel={() => list.send({ type: 'list.cancelBulk' })}
    >
      {action && <BulkParamsFields list={list} action={action} disabled={busy} />}
    </ConfirmDialog>
  );
}

/** Why rows were skipped, grouped by reason: the console's words for the codes it knows, the API's otherwise. */
function skippedReasons(report: BulkReport, t: TFunction) {
  const groups = new Map<string, { reason: string; count: number }>();
  for (const { code, message } of report.skipped) {
    const reason = t(`bulk.reason.${bulkSkipReason(code)}`, { defaultValue: message });
    groups.set(reason, { reason, count: (groups.get(reason)?.count ?? 0) + 1 });
  }
  return [...groups.values()];
}

/** What the last bulk action did: how many succeeded, how many were skipped and why; stays until dismissed. */
export function BulkReportAlert({ list }: { list: ListActor }) {
  const { t } = useTranslation();
  const report = useSelector(list, selectBulkReport);
  if (!report) return null;
  const skipped = report.skipped.length;
  return (
    <Alert
      severity={skipped === 0 ? 'success' : 'warning'}
      role="status"
      sx={{ mb: 1 }}
      action={
        <Button color="inherit" size="small" onClick={() => list.send({ type: 'list.dismissReport' })}>
          {t('bulk.dismiss')}
        </Button>
      }
    >
      {t('bulk.report', { succeeded: report.succeeded, requested: report.requested, skipped })}
      {skippedReasons(report, t).map(({ reason, count }) => (
        <div key={reason}>{t('bulk.skippedBecause', { count, reason })}</div>
      ))}
    </Alert>
  );
}
