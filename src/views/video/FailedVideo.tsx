import { useTranslation } from 'react-i18next';
import { ActionAlert } from '../pages/ActionAlert';

/**
 * In place of the player of a video the service could not process (its player page would only say so): why, and
 * 'Upload it again', which opens the uploader for the content.
 */
export function FailedVideo({ onUploadAgain }: { onUploadAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionAlert actionLabel={t('video.uploadAgain')} onAction={onUploadAgain} data-testid="video-failed">
      {t('video.failed')}
    </ActionAlert>
  );
}
