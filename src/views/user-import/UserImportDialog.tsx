import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserImportInput, userImportMachine } from '../../machines/user-import.machine';
import { countOf, importFields, sendable, type RowResult } from '../../machines/user-import-rows';
import { useConsoleActorRef } from '../actors';

const shownRows = 100;

/** The CSV import, rendered from its machine's state; the machine decides everything. */
export function UserImportDialog({ machine, input, onClosed }: { machine: typeof userImportMachine; input: UserImportInput; onClosed: () => void }) {
  const { t } = useTranslation();
  const actor = useConsoleActorRef(machine, { input });
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  useEffect(() => {
    if (snapshot.status === 'done') onClosed();
  }, [snapshot.status, onClosed]);
  const total = sendable(context.rows).length;
  const done = context.answered.length;
  const reason = (result: RowResult) =>
    result.problem
      ? t(`userImport.reasons.${result.problem.rule}`, result.problem)
      : result.failure
        ? t('userImport.reasons.notImported')
        : result.message
          ? t(`userImport.server.${result.message}`, { defaultValue: result.message })
          : '';
  const problems = (results: RowResult[]) => results.filter((result) => result.outcome !== 'created');
  const table = (results: RowResult[]) => (
    <Stack component="ul" sx={{ maxHeight: 240, overflow: 'auto', pl: 2 }} aria-label={t('userImport.reason')}>
      {problems(results).slice(0, shownRows).map((result) => (
        <li key={result.line}>{`${t('userImport.line')} ${result.line}: ${result.field ?? ''} ${reason(result)} (${t(`userImport.outcomes.${result.outcome}`)})`}</li>
      ))}
      {problems(results).length > shownRows && <li>{t('userImport.moreRows', { count: problems(results).length - shownRows })}</li>}
    </Stack>
  );
  const download = async () => {
    const { default: Papa } = await import('papaparse');
    const csv = Papa.unparse(
      context.report.map((result) => ({ line: result.line, outcome: result.outcome, field: result.field ?? '', reason: reason(result) })),
    );
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
    link.download = `import-report-${context.fileName ?? 'users'}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const close = () => actor.send({ type: 'import.close' });
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="user-import-title">
      <DialogTitle id="user-import-title">{t('userImport.title')}</DialogTitle>
      <DialogContent>
        {snapshot.hasTag('busy') && (
          <LinearProgress variant={total > 0 && !snapshot.matches('parsing') ? 'determinate' : 'indeterminate'} value={total ? (100 * done) / total : 0} />
        )}
        {snapshot.matches('choosing') && (
          <Stack
            spacing={1}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              const file = event.dataTransfer.files[0];
              if (file) actor.send({ type: 'import.file', file, name: file.name });
            }}
            sx={{ border: '2px dashed', borderColor: 'divider', p: 3, textAlign: 'center' }}
          >
            {context.failure && <Alert severity="error">{t('userImport.unreadable')}</Alert>}
            <Button variant="contained" component="label">
              {t('userImport.choose')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) actor.send({ type: 'import.file', file, name: file.name });
                }}
              />
            </Button>
            <Typography variant="body2">{t('userImport.drop')}</Typography>
          </Stack>
        )}
        {snapshot.matches('mapping') && (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Typography>{t('userImport.mapping')}</Typography>
            {importFields.map((field) => (
              <TextField
                key={field}
                select
                size="small"
                label={t(`fields.${field}`)}
                value={context.mapping[field] ?? ''}
                onChange={(event) => actor.send({ type: 'import.map', field, column: event.target.value || null })}
              >
                <MenuItem value="">{t('userImport.noColumn')}</MenuItem>
                {context.table?.headers.map((header) => (
                  <MenuItem key={header} value={header}>
                    {header}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Stack>
        )}
        {snapshot.matches('checking') && <Typography>{t('userImport.checking')}</Typography>}
        {(snapshot.matches('checkFailed') || snapshot.matches('importFailed')) && (
          <Alert severity="error">{`${t(snapshot.matches('checkFailed') ? 'userImport.checkFailed' : 'userImport.importFailed')} ${context.failure?.status ?? ''}`}</Alert>
        )}
        {snapshot.matches('preview') && (
          <Stack spacing={1}>
            <Typography variant="h6">{t('userImport.preview')}</Typography>
            <Typography>{t('userImport.willCreate', { count: countOf(context.preview, 'created') })}</Typography>
            <Typography>{t('userImport.willSkip', { count: countOf(context.preview, 'skipped') })}</Typography>
            <Typography>{t('userImport.willFail', { count: countOf(context.preview, 'failed') })}</Typography>
            {table(context.preview)}
          </Stack>
        )}
        {snapshot.matches('importing') && <Typography role="status">{t('userImport.importing', { done, total })}</Typography>}
        {snapshot.matches('report') && (
          <Stack spacing={1}>
            <Typography variant="h6">{t('userImport.report')}</Typography>
            <Typography>{t('userImport.created', { count: countOf(context.report, 'created') })}</Typography>
            <Typography>{t('userImport.skipped', { count: countOf(context.report, 'skipped') })}</Typography>
            <Typography>{t('userImport.failed', { count: countOf(context.report, 'failed') })}</Typography>
            {table(context.report)}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {(snapshot.matches('mapping') || snapshot.matches('preview') || snapshot.matches('checkFailed')) && (
          <Button onClick={() => actor.send({ type: 'import.back' })}>{t('userImport.back')}</Button>
        )}
        {(snapshot.matches('checkFailed') || snapshot.matches('importFailed')) && (
          <Button onClick={() => actor.send({ type: 'import.retry' })}>{t('userImport.retry')}</Button>
        )}
        {snapshot.matches('importFailed') && <Button onClick={() => actor.send({ type: 'import.stop' })}>{t('userImport.stop')}</Button>}
        {snapshot.matches('mapping') && (
          <Button variant="contained" onClick={() => actor.send({ type: 'import.check' })}>
            {t('userImport.check')}
          </Button>
        )}
        {snapshot.matches('preview') && (
          <Button variant="contained" disabled={total === 0} onClick={() => actor.send({ type: 'import.start' })}>
            {t('userImport.start', { count: total })}
          </Button>
        )}
        {snapshot.matches('report') && <Button onClick={() => void download()}>{t('userImport.download')}</Button>}
        {!snapshot.matches('importing') && !snapshot.matches('importFailed') && <Button onClick={close}>{t('app.close')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
