import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectVideoAccess, selectVideoFailure } from '../../machines/video-access.machine';
import { playerUrl } from '../../machines/video-links';
import { useConsoleActorRef, useVideoMachines } from '../actors';
import { VideoFailureAlert } from './VideoFailureAlert';

/** The video service's player for one video, in a 16:9 frame. */
export function VideoPlayer({ externalUuid }: { externalUuid: string }) {
  const { t, i18n } = useTranslation();
  const player = useConsoleActorRef(useVideoMachines().player);
  const access = useSelector(player, selectVideoAccess);
  const failure = useSelector(player, selectVideoFailure);
  if (failure) return <VideoFailureAlert failure={failure} onRetry={() => player.send({ type: 'video.retry' })} />;
  return (
    <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
      {access ? (
        <Box
          component="iframe"
          data-testid="player-frame"
          title={t('video.player')}
          src={playerUrl(access, externalUuid, i18n.language)}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      ) : (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label={t('app.loading')} sx={{ color: 'grey.300' }} />
        </Box>
      )}
    </Box>
  );
}
