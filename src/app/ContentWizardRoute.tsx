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
