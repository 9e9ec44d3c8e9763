import { fromCallback, type EventObject } from 'xstate';
import type { UploaderBridgeInput } from '../machines/content-wizard.machine';
import { readUploaderMessage } from '../machines/uploader-messages';
import { UPLOADER_FRAME_ID } from '../machines/video-links';

/** The window of the uploader frame the wizard shows, if it shows one. */
const uploaderWindow = () => {
  const frame = document.getElementById(UPLOADER_FRAME_ID);
  return frame instanceof HTMLIFrameElement ? frame.contentWindow : null;
};

/**
 * The uploader bridge: while the wizard shows the uploader, the window's `message` events that come from the
 * uploader frame's window and from the video service's origin, read once as the protocol has them, become the
 * wizard's `uploader.*` events. Messages of any other window (another tab or frame, even of the service's origin),
 * of another origin or of another shape never reach the wizard.
 */
export const uploaderBridge = fromCallback<EventObject, UploaderBridgeInput>(({ sendBack, input }) => {
  const listener = (event: MessageEvent) => {
    const frame = uploaderWindow();
    if (frame === null || event.source !== frame) return;
    const message = readUploaderMessage(event.origin, event.data as unknown, input.origin);
    if (message) sendBack(message);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
});
