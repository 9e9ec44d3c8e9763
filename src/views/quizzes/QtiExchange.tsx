import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TFunction } from 'i18next';
import type { QtiImportProblem, QtiImportResult } from '../../domain/quizzes';
import { selectImportReport, selectIsExchanging, selectIsImporting } from '../../machines/quiz-exchange.machine';
import { useConsoleActorRef, useQuizExchangeMachine } from '../actors';

/** "Export QTI": the quiz as an IMS QTI 3.0 package, downloaded. */
export function QtiExportButton({ quizId }: { quizId: string }) {
  const { t } = useTranslation();
  const exchange = useConsoleActorRef(useQuizExchangeMachine());
  const busy = useSelector(exchange, selectIsExchanging);
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      disabled={busy}
      onClick={() => exchange.send({ type: 'qti.export', quizId })}
    >
      {t(busy ? 'qti.exporting' : 'qti.export')}
    </Button>
  );
}

/** "Import QTI" beside Add: a package chosen becomes a new DRAFT quiz; what became of each item is shown until closed. */
export function QtiImportButton({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation();
  const exchange = useConsoleActorRef(useQuizExchangeMachine());
  const importing = useSelector(exchange, selectIsImporting);
  const report = useSelector(exchange, selectImportReport);
  const input = useRef<HTMLInputElement>(null);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const close = () => {
    exchange.send({ type: 'qti.dismiss' });
    onClosed();
  };
  return (
    <>
      <Button variant="outlined" startIcon={<FileUploadIcon />} disabled={importing} onClick={() => input.current?.click()}>
        {t(importing ? 'qti.importing' : 'qti.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        hidden
        aria-label={t('qti.choosePackage')}
        data-testid="qti-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) exchange.send({ type: 'qti.import', file });
        }}
      />
      <Dialog open={report !== null} onClose={close} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="qti-report-title">
        <DialogTitle id="qti-report-title">{t('qti.reportTitle')}</DialogTitle>
        <DialogContent>{report && <ImportReport report={report} />}</DialogContent>
        <DialogActions>
          {report && (
            <Button component={Link} href={`/quizzes/${report.quiz.id}`} onClick={() => exchange.send({ type: 'qti.dismiss' })}>
              {t('qti.openQuiz')}
            </Button>
          )}
          <Button variant="contained" onClick={close}>
            {t('qti.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const outcomeColors = { IMPORTED: 'success', IMPORTED_WITH_CHANGES: 'warning', SKIPPED: 'error' } as const;

function ImportReport({ report }: { report: QtiImportResult }) {
  const { t } = useTranslation();
  const skipped = report.items.filter((item) => item.outcome === 'SKIPPED').length;
  return (
    <Stack spacing={2}>
      <Alert severity={skipped ? 'warning' : 'success'}>
        {t('qti.summary', { title: report.quiz.title, count: report.quiz.questionCount, skipped })}
      </Alert>
      <List dense aria-label={t('qti.items')}>
        {report.items.map((item) => (
          <ListItem key={`${item.identifier}-${item.href}`} data-testid="qti-item" sx={{ display: 'block', px: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Chip size="small" color={outcomeColors[item.outcome]} label={t(`qti.outcome.${item.outcome}`)} />
              <Typography sx={{ wordBreak: 'break-word' }}>{item.title ?? item.identifier}</Typography>
            </Stack>
            {item.problems.map((problem, index) => (
              <Typography key={index} variant="body2" color="text.secondary" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
                {problemText(problem, t)}
              </Typography>
            ))}
          </ListItem>
        ))}
      </List>
      {report.notes.map((note, index) => (
        <Alert key={index} severity="info">
          {problemText(note, t)}
        </Alert>
      ))}
    </Stack>
  );
}

/** A problem of the import in the user's language, by its rule; the server's own words for a rule the console does not know. */
const problemText = ({ rule, message, params }: QtiImportProblem, t: TFunction) =>
  t(`qti.problems.${rule}`, { ...params, defaultValue: message });
