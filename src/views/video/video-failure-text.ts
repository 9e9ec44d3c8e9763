import type { TFunction } from 'i18next';
import type { VideoFailure } from '../../domain/video';

/** Spec §8, "Video": the server's own words for a refused refresh, else ours. */
export function videoFailureText(failure: VideoFailure, t: TFunction): string {
  switch (failure.kind) {
    case 'configurationUnavailable':
      return t('video.configurationUnavailable');
    case 'tokenUnavailable':
      return t('video.tokenUnavailable');
    case 'refreshFailed':
      return failure.message ?? t('video.refreshFailed');
    case 'aborted':
      return t('video.aborted');
  }
}
