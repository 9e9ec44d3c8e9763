import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ResourceName } from '../../domain/resource';
import { isShown } from '../../machines/form-fields';
import {
  selectCanEdit,
  selectIsConflict,
  selectIsDirty,
  selectIsLoading,
  selectIsSaved,
  selectIsSaving,
  selectLoadFailure,
  selectProblems,
  selectValues,
} from '../../machines/form.machine';
import { selectSessionState } from '../../machines/session.machine';
import { useNotificationsActor, useResourceMachines, useSessionActor } from '../actors';
import { useLeaveGuard } from '../navigation/leave-guard';
import { PageTitle } from '../pages/PageTitle';
import type { FormActor } from './form-actor';
import type { FieldConfig, FormConfig } from './form-config';
import { FormField } from './FormField';

/** The create/edit screen of any resource; after saving it returns to the resource's list (spec §4). */
export function FormView({ resource, config, id }: { resource: ResourceName; config: FormConfig; id: string | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const session = useSelector(useSessionActor(), selectSessionState);
  const [fields] = useState(() => (session ? config.fields(session) : []));
  const form = useActorRef(useResourceMachines(resource).form, { input: { id, fields } });
  const loading = useSelector(form, selectIsLoading);
  const loadFailure = useSelector(form, selectLoadFailure);
  const saved = useSelector(form, selectIsSaved);
  const listPath = `/${resource}`;

  useLeaveGuard(useSelector(form, selectIsDirty));
  useAnnouncedSaves(form, config);
  useEffect(() => {
    if (saved) navigate(listPath);
  }, [saved, navigate, listPath]);

  return (
    <>
      <PageTitle>{t(id === null ? config.newTitleKey : config.editTitleKey)}</PageTitle>
      {loading && <Typography role="status">{t('app.loading')}</Typography>}
      {loadFailure && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => form.send({ type: 'form.reload' })}>
              {t('form.retry')}
            </Button>
          }
        >
          {t(config.loadErrorKey)}
        </Alert>
      )}
      {!loading && !loadFailure && <RecordForm form={form} fields={fields} onCancel={() => navigate(listPath)} />}
    </>
  );
}

function RecordForm({ form, fields, onCancel }: { form: FormActor; fields: FieldConfig[]; onCancel: () => void }) {
  const { t } = useTranslation();
  const values = useSelector(form, selectValues);
  const problems = useSelector(form, selectProblems);
  const saving = useSelector(form, selectIsSaving);
  const editable = useSelector(form, selectCanEdit);
  const conflict = useSelector(form, selectIsConflict);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  };
  return (
    <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => form.send({ type: 'form.reload' })}>
              {t('form.reload')}
            </Button>
          }
        >
          {t('form.conflict')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {fields
          .filter((field) => isShown(field, values))
          .map((field) => (
            <Box key={field.name} sx={field.multiline ? { gridColumn: '1 / -1' } : undefined}>
              <FormField
                form={form}
                field={field}
                value={values[field.name]}
                filterValue={field.reference?.filterBy && values[field.reference.filterBy.field]}
                problem={problems[field.name]}
                disabled={saving}
              />
            </Box>
          ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!editable}>
          {t('form.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

function useAnnouncedSaves(form: FormActor, config: FormConfig) {
  const notifications = useNotificationsActor();
  useEffect(() => {
    const subscriptions = [
      form.on('form.saved', ({ created }) =>
        notifications.send({ type: 'notifications.push', severity: 'success', messageKey: created ? config.createdKey : config.updatedKey }),
      ),
      form.on('form.saveFailed', ({ created }) =>
        notifications.send({ type: 'notifications.push', severity: 'error', messageKey: created ? 'feedback.failedToCreate' : 'feedback.failedToUpdate' }),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [form, notifications, config]);
}
