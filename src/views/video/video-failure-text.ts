import type { TFunction } from 'i18next';
import type { VideoFailure } from '../../domain/video';

/** A refused refresh in the server's own words when it gave some, else ours; every other failure in ours. */
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
