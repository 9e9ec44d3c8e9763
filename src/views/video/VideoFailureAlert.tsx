import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { VideoFailure } from '../../domain/video';
import { videoFailureText } from './video-failure-text';

export function VideoFailureAlert({ failure, onRetry }: { failure: VideoFailure; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('form.retry')}
        </Button>
      }
    >
      {videoFailureText(failure, t)}
    </Alert>
  );
}
