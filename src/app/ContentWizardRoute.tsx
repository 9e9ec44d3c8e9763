import { useState } from 'react';
import { useConsoleActorRef, useVideoMachines } from '../views/actors';
import { ContentWizardView } from '../views/contents/ContentWizardView';
import { newContentFields, newContentMessages } from '../views/resources/content-fields';

/** Where the wizard leads once done, or left: the contents (a new INLINE content opens as its own page below it). */
const contentsPath = '/contents';

/** /contents/new: a wizard of its own; the uploader's messages reach it through the uploader bridge (`uploader-bridge.ts`). */
export function ContentWizardRoute() {
  const wizard = useConsoleActorRef(useVideoMachines().wizard, {
    input: { fields: newContentFields, messages: newContentMessages, leaveTo: contentsPath },
  });
  return <ContentWizardView wizard={wizard} fields={newContentFields} />;
}

/**
 * /contents/{id}/video: the same wizard for an existing content, started at the upload (its first video, or one
 * replacing it); done or left, it leads back to the content's page.
 */
export function ContentVideoRoute({ id }: { id: string }) {
  const [input] = useState(() => ({ contentId: id, leaveTo: `${contentsPath}/${id}` }));
  const wizard = useConsoleActorRef(useVideoMachines().wizard, { input });
  return <ContentWizardView wizard={wizard} fields={newContentFields} />;
}
