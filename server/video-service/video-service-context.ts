import type { VideoProcessor } from './video-processor';
import type { VideoStore } from './video-store';
import type { VideoTokens } from './video-tokens';

/** What the route plugins of the video service share. */
export interface VideoServiceContext {
  consoleOrigin: string;
  maxBytes: number;
  store: VideoStore;
  tokens: VideoTokens;
  processor: VideoProcessor;
}
