import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserImportInput, userImportMachine } from '../../machines/user-import.machine';
import { countOf, importFields, requiredImportFields, sendable, type PreparedRow, type RowResult } from '../../machines/user-import-rows';
import { useConsoleActorRef } from '../actors';
import { fieldText, fileProblemText, reasonText } from './import-texts';

/** Rows listed on screen at most; the downloaded report has them all. */
const shownRows = 100;

/** The report as a CSV file, headed in the user's language: every row of the file, its email, what became of it and why. */
async function reportCsv(report: readonly RowResult[], rows: readonly PreparedRow[], t: TFunction) {
  const { default: Papa } = await import('papaparse');
  const emailOf = new Map(rows.map(({ row, cells }) => [row.line, cells.email]));
  const csv = Papa.unparse({
    fields: [t('userImport.line'), t('fields.email'), t('userImport.outcome'), t('userImport.field'), t('userImport.reason')],
    data: report.map((result) => [
      result.line,
      emailOf.get(result.line) ?? '',
      t(`userImport.outcomes.${result.outcome}`),
      fieldText(result.field, t),
      reasonText(result, t),
    ]),
  });
  return new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function Counts({ results, prefix }: { results: readonly RowResult[]; prefix: 'will' | 'did' }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={3} role="status">
      {(['created', 'skipped', 'failed'] as const).map((outcome) => (
        <Typography key={outcome} data-outcome={outcome}>
          {t(`userImport.${prefix}.${outcome}`, { count: countOf(results, outcome) })}
        </Typography>
      ))}
    </Stack>
  );
}

/** The rows that failed (or would), then those skipped, with their reasons; the first {@link shownRows}. */
function Problems({ results, label }: { results: readonly RowResult[]; label: string }) {
  const { t } = useTranslation();
  // The rows to fix first (errors), then the ones skipped (already there), each in the file's order.
  const problems = [
    ...results.filter((result) => result.outcome === 'failed'),
    ...results.filter((result) => result.outcome === 'skipped'),
  ];
  if (problems.length === 0) return null;
  return (
    <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('userImport.line')}</TableCell>
            <TableCell>{t('userImport.outcome')}</TableCell>
            <TableCell>{t('userImport.field')}</TableCell>
            <TableCell>{t('userImport.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {problems.slice(0, shownRows).map((result) => (
            <TableRow key={result.line}>
              <TableCell>{result.line}</TableCell>
              <TableCell>{t(`userImport.outcomes.${result.outcome}`)}</TableCell>
              <TableCell>{fieldText(result.field, t)}</TableCell>
              <TableCell>{reasonText(result, t)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {problems.length > shownRows && (
        <Typography variant="body2">{t('userImport.moreRows', { count: problems.length - shownRows })}</Typography>
      )}
    </Box>
  );
}

/** The CSV import, rendered from its machine's state; the machine decides everything. */
export function UserImportDialog({
  machine,
  input,
  onClosed,
}: {
  machine: typeof userImportMachine;
  input: UserImportInput;
  onClosed: () => void;
}) {
  const { t, i18n } = useTranslation();
  const actor = useConsoleActorRef(machine, { input });
  const snapshot = useSelector(actor, (state) => state);
  const [dragging, setDragging] = useState(false);
  const { context } = snapshot;
  useEffect(() => {
    if (snapshot.status === 'done') onClosed();
  }, [snapshot.status, onClosed]);
  const total = sendable(context.rows).length;
  const done = context.answered.length;
  const choose = (file: File | undefined) => file && actor.send({ type: 'import.file', file, name: file.name });
  const download = async () => {
    const base = (context.fileName ?? 'users.csv').replace(/\.csv$/i, '');
    saveFile(await reportCsv(context.report, context.rows, t), `${base}-${t('userImport.reportFile')}.csv`);
  };
  const close = () => actor.send({ type: 'import.close' });
  const failed = snapshot.matches('checkFailed') || snapshot.matches('importFailed');
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="user-import-title">
      <DialogTitle id="user-import-title">{t('userImport.title')}</DialogTitle>
      <DialogContent>
        {snapshot.hasTag('busy') &&
          (snapshot.matches('parsing') ? (
            <LinearProgress aria-label={t('userImport.reading')} />
          ) : (
            <LinearProgress
              variant="determinate"
              value={total ? Math.round((100 * done) / total) : 0}
              aria-label={t('userImport.progress')}
            />
          ))}
        {(snapshot.matches('choosing') || snapshot.matches('parsing')) && (
          <Stack
            spacing={1}
            data-testid="import-drop-zone"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              choose(event.dataTransfer.files[0]);
            }}
            sx={{ mt: 1, border: '2px dashed', borderColor: dragging ? 'primary.main' : 'divider', p: 3, alignItems: 'center' }}
          >
            {context.fileProblem && <Alert severity="error">{fileProblemText(context.fileProblem, t, context.fileProblemLine)}</Alert>}
            <Button variant="contained" component="label" disabled={snapshot.matches('parsing')}>
              {t('userImport.choose')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                aria-label={t('userImport.choose')}
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </Button>
            <Typography variant="body2">{t('userImport.drop')}</Typography>
          </Stack>
        )}
        {snapshot.matches('mapping') && (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Typography>{t('userImport.mapping', { file: context.fileName ?? '', count: context.table?.rows.length ?? 0 })}</Typography>
            {importFields.map((field) => (
              <TextField
                key={field}
                select
                size="small"
                required={requiredImportFields.includes(field)}
                label={t(`fields.${field}`)}
                value={context.mapping[field] ?? ''}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
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
        {snapshot.matches('checking') && <Typography sx={{ mt: 1 }}>{t('userImport.checking', { done, total })}</Typography>}
        {failed && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t(snapshot.matches('checkFailed') ? 'userImport.checkFailed' : 'userImport.importFailed', {
              reason: context.failure?.kind === 'http' ? (context.failure.message ?? context.failure.status) : t('userImport.offline'),
            })}
          </Alert>
        )}
        {snapshot.matches('preview') && (
          <Stack spacing={1} sx={{ mt: 1 }}>
            <Typography variant="h6" component="h2">
              {t('userImport.preview')}
            </Typography>
            <Counts results={context.preview} prefix="will" />
            <Problems results={context.preview} label={t('userImport.preview')} />
            <FormControlLabel
              control={
                <Checkbox
                  name="sendInvitations"
                  checked={context.invitations !== null}
                  onChange={(event) => actor.send({ type: 'import.invite', language: event.target.checked ? i18n.language : null })}
                />
              }
              label={t('userImport.sendInvitations')}
            />
          </Stack>
        )}
        {snapshot.matches('importing') && <Typography sx={{ mt: 1 }}>{t('userImport.importing', { done, total })}</Typography>}
        {snapshot.matches('report') && (
          <Stack spacing={1} sx={{ mt: 1 }}>
            <Typography variant="h6" component="h2">
              {t('userImport.report')}
            </Typography>
            <Counts results={context.report} prefix="did" />
            <Problems results={context.report} label={t('userImport.report')} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {(snapshot.matches('mapping') || snapshot.matches('preview') || snapshot.matches('checkFailed')) && (
          <Button onClick={() => actor.send({ type: 'import.back' })}>{t('userImport.back')}</Button>
        )}
        {failed && <Button onClick={() => actor.send({ type: 'import.retry' })}>{t('userImport.retry')}</Button>}
        {snapshot.matches('importFailed') && <Button onClick={() => actor.send({ type: 'import.stop' })}>{t('userImport.stop')}</Button>}
        {snapshot.matches('mapping') && (
          <Button
            variant="contained"
            disabled={!snapshot.can({ type: 'import.check' })}
            onClick={() => actor.send({ type: 'import.check' })}
          >
            {t('userImport.check')}
          </Button>
        )}
        {snapshot.matches('preview') && (
          <Button
            variant="contained"
            disabled={!snapshot.can({ type: 'import.start' })}
            onClick={() => actor.send({ type: 'import.start' })}
          >
            {t('userImport.start', { count: countOf(context.preview, 'created') })}
          </Button>
        )}
        {snapshot.matches('report') && <Button onClick={() => void download()}>{t('userImport.download')}</Button>}
        {!snapshot.matches('importing') && !snapshot.matches('importFailed') && <Button onClick={close}>{t('app.close')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
