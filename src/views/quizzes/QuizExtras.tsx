import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quiz } from '../../domain/quizzes';
import { selectRecord } from '../../machines/form.machine';
import type { FormActor } from '../form/form-actor';
import { QtiExportButton } from './QtiExchange';
import { QuizPreview } from './QuizPreview';

/** Below a saved quiz's form: "Preview", the quiz as last saved, as a learner takes it. */
export function QuizExtras({ form }: { form: FormActor }) {
  const { t } = useTranslation();
  const record = useSelector(form, selectRecord) as Quiz | null;
  const [opened, setOpened] = useState(0);
  if (!record) return null;
  return (
    <Paper component="section" aria-labelledby="quiz-preview-title" sx={{ mt: 3, p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography id="quiz-preview-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('preview.title')}
        </Typography>
        <QtiExportButton quizId={record.id} />
        <Button variant="outlined" startIcon={<VisibilityIcon />} onClick={() => setOpened((count) => count + 1)}>
          {t(opened ? 'preview.restart' : 'preview.open')}
        </Button>
      </Stack>
      {opened > 0 ? (
        <QuizPreview key={`${opened}-${record.version}`} quiz={record} />
      ) : (
        <Typography color="text.secondary">{t('preview.intro')}</Typography>
      )}
    </Paper>
  );
}
