import { useRef } from 'react';
import { useConsoleActorRef, useVideoMachines } from '../views/actors';
import { ContentWizardView } from '../views/contents/ContentWizardView';
import { newContentFields } from '../views/resources/content-fields';
import { useWindowMessages } from './window-messages';

/**
 * /contents/new: a wizard of its own, told the messages the uploader frame sends to the window. Messages from any
 * other window (another tab or frame, even of the video service's origin) never reach it; the wizard then checks
 * the origin and the shape of what is left.
 */
export function ContentWizardRoute() {
  const wizard = useConsoleActorRef(useVideoMachines().wizard, { input: { fields: newContentFields } });
  const frame = useRef<HTMLIFrameElement>(null);
  useWindowMessages(({ origin, data, source }) => {
    if (source === null || source !== frame.current?.contentWindow) return;
    wizard.send({ type: 'wizard.message', origin, data });
  });
  return <ContentWizardView wizard={wizard} fields={newContentFields} frameRef={frame} />;
}
