import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import {
  selectAccess,
  selectAttachFailure,
  selectContent,
  selectForm,
  selectForExistingContent,
  selectFrameHeight,
  selectIsAttaching,
  selectIsFrameLoading,
  selectIsNotReference,
  selectIsOpening,
  selectIsPreparing,
  selectLeaveTo,
  selectOpenFailure,
  selectStep,
  selectVideoFailure,
  type contentWizardMachine,
} from '../../machines/content-wizard.machine';
import { selectValues } from '../../machines/form.machine';
import { uploaderUrl } from '../../machines/video-links';
import type { FormActor } from '../form/form-actor';
import type { FieldConfig } from '../form/form-config';
import { RecordForm } from '../form/FormView';
import { useLeaveGuard } from '../navigation/leave-guard';
import { PageTitle } from '../pages/PageTitle';
import { UploaderFrame } from '../video/UploaderFrame';
import { VideoFailureAlert } from '../video/VideoFailureAlert';
import { ActionAlert } from '../pages/ActionAlert';
import { LoadingLine } from '../pages/LoadingLine';

export type ContentWizardActor = ActorRefFrom<typeof contentWizardMachine>;

/**
 * /contents/new: the content form, then, for a video or podcast, the video service's uploader.
 * /contents/{id}/video: that content's uploader alone (its first video, or one replacing the one it has).
 */
export interface ContentWizardViewProps {
  wizard: ContentWizardActor;
  fields: FieldConfig[];
}

export function ContentWizardView({ wizard, fields }: ContentWizardViewProps) {
  const { t } = useTranslation();
  const step = useSelector(wizard, selectStep);
  const form = useSelector(wizard, selectForm);
  const leaveTo = useSelector(wizard, selectLeaveTo);
  const existing = useSelector(wizard, selectForExistingContent);
  if (existing) return <ExistingContentUpload wizard={wizard} />;

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
      {step === 'details' && form && <DetailsStep form={form} fields={fields} leaveTo={leaveTo} />}
      {step === 'upload' && <UploadStep wizard={wizard} />}
    </>
  );
}

/** An existing content's video: the content is read first (or why it cannot be, or that it has no video), then the upload step. */
function ExistingContentUpload({ wizard }: { wizard: ContentWizardActor }) {
  const { t } = useTranslation();
  const content = useSelector(wizard, selectContent);
  const opening = useSelector(wizard, selectIsOpening);
  const openFailure = useSelector(wizard, selectOpenFailure);
  const notReference = useSelector(wizard, selectIsNotReference);
  const back = () => wizard.send({ type: 'wizard.leave' });
  const title = <PageTitle record={content?.title}>{t('pages.contentVideo')}</PageTitle>;
  if (!opening && !openFailure && !notReference) {
    return (
      <>
        {title}
        <UploadStep wizard={wizard} />
      </>
    );
  }
  return (
    <>
      {title}
      <Stack spacing={2}>
        {opening && <LoadingLine />}
        {openFailure && (
          <ActionAlert actionLabel={t('form.retry')} onAction={() => wizard.send({ type: 'wizard.retry' })}>
            {t('loadingError.content')}
          </ActionAlert>
        )}
        {notReference && <Alert severity="info">{t('wizard.notReference')}</Alert>}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={back}>{t('wizard.back')}</Button>
        </Stack>
      </Stack>
    </>
  );
}

function DetailsStep({ form, fields, leaveTo }: { form: FormActor; fields: FieldConfig[]; leaveTo: string }) {
  const [, navigate] = useLocation();
  const inline = useSelector(form, (snapshot) => selectValues(snapshot).renderType === 'INLINE');
  useLeaveGuard(form);
  return (
    <RecordForm
      form={form}
      fields={fields}
      onCancel={() => navigate(leaveTo)}
      submitLabelKey={inline ? 'form.save' : 'wizard.continue'}
      submitWhenComplete
    />
  );
}

function UploadStep({ wizard }: { wizard: ContentWizardActor }) {
  const { t, i18n } = useTranslation();
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
      {content?.videoBefore && <Typography color="text.secondary">{t('wizard.replaceNote')}</Typography>}
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
        />
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => wizard.send({ type: 'wizard.leave' })}>{t('wizard.finishLater')}</Button>
      </Stack>
    </Stack>
  );
}
