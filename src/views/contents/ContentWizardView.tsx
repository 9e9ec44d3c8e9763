import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import {
  selectAccess,
  selectAttachFailure,
  selectContent,
  selectEnding,
  selectForm,
  selectFrameHeight,
  selectIsAttaching,
  selectIsFrameLoading,
  selectIsPreparing,
  selectStep,
  selectVideoFailure,
  type contentWizardMachine,
} from '../../machines/content-wizard.machine';
import { selectIsDirty, selectValues } from '../../machines/form.machine';
import { uploaderUrl } from '../../machines/video-links';
import { useNotificationsActor } from '../actors';
import type { FormActor } from '../form/form-actor';
import type { FieldConfig } from '../form/form-config';
import { RecordForm, useAnnouncedSaves } from '../form/FormView';
import { useLeaveGuard } from '../navigation/leave-guard';
import { PageTitle } from '../pages/PageTitle';
import { UploaderFrame } from '../video/UploaderFrame';
import { VideoFailureAlert } from '../video/VideoFailureAlert';
import { ActionAlert } from '../pages/ActionAlert';

export type ContentWizardActor = ActorRefFrom<typeof contentWizardMachine>;

const contentsPath = '/contents';

const creationMessages = { createdKey: 'feedback.contentCreated', updatedKey: 'feedback.contentUpdated', createFailedKey: 'feedback.createFailed' };

/** /contents/new (spec §2): the content form, then, for a video or podcast, the video service's uploader. */
export interface ContentWizardViewProps {
  wizard: ContentWizardActor;
  fields: FieldConfig[];
  /** Given the uploader frame element, for telling its messages from other windows'. */
  frameRef?: Ref<HTMLIFrameElement>;
}

export function ContentWizardView({ wizard, fields, frameRef }: ContentWizardViewProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const step = useSelector(wizard, selectStep);
  const form = useSelector(wizard, selectForm);
  const ending = useSelector(wizard, selectEnding);
  const content = useSelector(wizard, selectContent);
  useAnnouncedUpload(wizard);
  useEffect(() => {
    if (ending === 'savedInline' && content) navigate(`${contentsPath}/${content.id}`, { replace: true });
    else if (ending === 'attached' || ending === 'left') navigate(contentsPath);
  }, [ending, content, navigate]);

  return (
    <>
      <PageTitle>{t('pages.contentNew')}</PageTitle>
      <Stepper activeStep={step === 'details' ? 0 : 1} sx={{ mb: 3, maxWidth: 560 }}>
        <Step>
          <StepLabel>{t('wizard.details')}</StepLabel>
        </Step>
        <Step>
          <StepLabel optional={<Typography variant="caption">{t('wizard.uploadOptional')}</Typography>}>{t('wizard.upload')}</StepLabel>
        </Step>
      </Stepper>
      {step === 'details' && form && <DetailsStep form={form} fields={fields} />}
      {step === 'upload' && <UploadStep wizard={wizard} frameRef={frameRef} />}
    </>
  );
}

function DetailsStep({ form, fields }: { form: FormActor; fields: FieldConfig[] }) {
  const [, navigate] = useLocation();
  const inline = useSelector(form, (snapshot) => selectValues(snapshot).renderType === 'INLINE');
  useLeaveGuard(useSelector(form, selectIsDirty));
  useAnnouncedSaves(form, creationMessages);
  return (
    <RecordForm
      form={form}
      fields={fields}
      onCancel={() => navigate(contentsPath)}
      submitLabelKey={inline ? 'form.save' : 'wizard.continue'}
      submitWhenComplete
    />
  );
}

function UploadStep({ wizard, frameRef }: Pick<ContentWizardViewProps, 'wizard' | 'frameRef'>) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const [language] = useState(i18n.language);
  const access = useSelector(wizard, selectAccess);
  const content = useSelector(wizard, selectContent);
  const height = useSelector(wizard, selectFrameHeight);
  const frameLoading = useSelector(wizard, selectIsFrameLoading);
  const preparing = useSelector(wizard, selectIsPreparing);
  const attaching = useSelector(wizard, selectIsAttaching);
  const videoFailure = useSelector(wizard, selectVideoFailure);
  const attachFailure = useSelector(wizard, selectAttachFailure);
  const retry = () => wizard.send({ type: 'wizard.retry' });

  return (
    <Stack spacing={2}>
      <Typography>{t('wizard.uploadFor', { title: content?.title ?? '' })}</Typography>
      {videoFailure && <VideoFailureAlert failure={videoFailure} onRetry={retry} />}
      {attachFailure && (
        <ActionAlert actionLabel={t('form.retry')} onAction={retry}>
          {t('feedback.contentUpdateFailed')}
        </ActionAlert>
      )}
      {(preparing || attaching) && (
        <Box role="status">
          <Typography color="text.secondary" gutterBottom>
            {t(preparing ? 'wizard.preparing' : 'wizard.attaching')}
          </Typography>
          <LinearProgress />
        </Box>
      )}
      {access && content && (
        <UploaderFrame
          src={uploaderUrl(access, content.title, language)}
          height={height}
          loading={frameLoading}
          onLoad={() => wizard.send({ type: 'wizard.frameLoaded' })}
          frameRef={frameRef}
        />
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => navigate(contentsPath)}>{t('wizard.finishLater')}</Button>
      </Stack>
    </Stack>
  );
}

function useAnnouncedUpload(wizard: ContentWizardActor) {
  const notifications = useNotificationsActor();
  useEffect(() => {
    const subscriptions = [
      wizard.on('wizard.videoAttached', () => notifications.send({ type: 'notifications.push', severity: 'success', messageKey: 'feedback.videoUploaded' })),
      wizard.on('wizard.attachFailed', () =>
        notifications.send({ type: 'notifications.push', severity: 'error', messageKey: 'feedback.contentUpdateFailed' }),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [wizard, notifications]);
}
