import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Content } from '../../domain/catalogue';
import { selectRecord, selectValues } from '../../machines/form.machine';
import type { FormActor } from '../form/form-actor';
import { FailedVideo } from '../video/FailedVideo';
import { VideoPlayer } from '../video/VideoPlayer';

/** Where a content's video is uploaded, or replaced (the content wizard started at its upload). */
export const contentVideoPath = (id: string) => `/contents/${id}/video`;

/**
 * Below a content's form: the INLINE text as it reads (plain text, never markup), or the video of a REFERENCE content:
 * 'Upload a video' while it has none, 'Upload it again' when the video service could not process it, else its player
 * (a 16:9 frame) and 'Replace video'. The actions are the saved content's: not offered while the form says INLINE.
 */
export function ContentExtras({ form }: { form: FormActor }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { renderType, text } = useSelector(form, selectValues);
  const record = useSelector(form, (snapshot) => selectRecord(snapshot) as Partial<Content> | null);
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
  if (!record?.id) return null;
  const upload = () => navigate(contentVideoPath(record.id!));
  // The texts name what the content is: a podcast is audio ("Upload an audio file"), the others video.
  const media = { context: record.type === 'Podcast' ? 'audio' : undefined };
  const externalUuid = record.externalUuid ?? null;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 3 }} data-testid="content-video">
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {t('contents.video', media)}
      </Typography>
      {record.renderType !== 'REFERENCE' ? (
        <Alert severity="info">{t('contents.saveToUpload')}</Alert>
      ) : !externalUuid ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('contents.noVideo', media)}</Typography>
          <Button variant="contained" startIcon={<UploadIcon />} onClick={upload}>
            {t('contents.uploadVideo', media)}
          </Button>
        </Stack>
      ) : record.status === 'FAILED' ? (
        <FailedVideo onUploadAgain={upload} />
      ) : (
        <Stack spacing={2}>
          <VideoPlayer key={externalUuid} externalUuid={externalUuid} />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button startIcon={<UploadIcon />} onClick={upload}>
              {t('contents.replaceVideo', media)}
            </Button>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
