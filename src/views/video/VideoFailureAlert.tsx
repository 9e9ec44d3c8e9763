import { useTranslation } from 'react-i18next';
import type { VideoFailure } from '../../domain/video';
import { videoFailureText } from './video-failure-text';
import { ActionAlert } from '../pages/ActionAlert';

export function VideoFailureAlert({ failure, onRetry }: { failure: VideoFailure; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionAlert actionLabel={t('form.retry')} onAction={onRetry}>
      {videoFailureText(failure, t)}
    </ActionAlert>
  );
}
