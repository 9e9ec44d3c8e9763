import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../domain/catalogue';
import { selectRecord, selectValues } from '../../machines/form.machine';
import type { FormActor } from '../form/form-actor';
import { VideoPlayer } from '../video/VideoPlayer';

/**
 * Below a content's form: the INLINE text as it reads (plain text, never markup), or the video of a non-inline
 * content that has one (a 16:9 player frame).
 */
export function ContentExtras({ form }: { form: FormActor }) {
  const { t } = useTranslation();
  const { renderType, text } = useSelector(form, selectValues);
  const externalUuid = useSelector(form, (snapshot) => (selectRecord(snapshot) as Partial<Content> | null)?.externalUuid ?? null);
  if (renderType === 'INLINE') {
    return (
      <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Typography variant="subtitle2" color="text.secondary" gutterBottom>
          {t('contents.textPreview')}
        </Typography>
        <Typography data-testid="content-text-preview" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {typeof text === 'string' ? text : ''}
        </Typography>
      </Paper>
    );
  }
  if (!externalUuid) return null;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {t('contents.video')}
      </Typography>
      <VideoPlayer key={externalUuid} externalUuid={externalUuid} />
    </Paper>
  );
}
