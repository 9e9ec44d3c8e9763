import { useConsoleActorRef, useVideoMachines } from '../views/actors';
import { ContentWizardView } from '../views/contents/ContentWizardView';
import { newContentFields } from '../views/resources/content-fields';
import { useWindowMessages } from './window-messages';

/** /contents/new: a wizard of its own, told every message the window receives (the uploader frame's among them). */
export function ContentWizardRoute() {
  const wizard = useConsoleActorRef(useVideoMachines().wizard, { input: { fields: newContentFields } });
  useWindowMessages((message) => wizard.send({ type: 'wizard.message', ...message }));
  return <ContentWizardView wizard={wizard} fields={newContentFields} />;
}
