import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { UPLOADER_FRAME_ID } from '../../machines/video-links';

export interface UploaderFrameProps {
  src: string;
  height: number;
  /** Until the frame's load event: a placeholder covers it. */
  loading: boolean;
  onLoad: () => void;
}

/**
 * The video service's uploader page, as high as it asked to be (600 px until then). Its element's id is the one
 * the uploader bridge (src/app) takes messages from.
 */
export function UploaderFrame({ src, height, loading, onLoad }: UploaderFrameProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        position: 'relative',
        height,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      <Box
        component="iframe"
        id={UPLOADER_FRAME_ID}
        data-testid="uploader-frame"
        title={t('wizard.uploaderTitle')}
        src={src}
        onLoad={onLoad}
        sx={{ display: 'block', width: '100%', height: '100%', border: 0 }}
      />
      {loading && (
        <Box
          role="status"
          sx={{ position: 'absolute', inset: 0, display: 'grid', placeContent: 'center', gap: 2, bgcolor: 'background.paper', px: 4 }}
        >
          <Typography color="text.secondary">{t('wizard.loadingUploader')}</Typography>
          <LinearProgress sx={{ width: 240 }} />
        </Box>
      )}
    </Box>
  );
}
