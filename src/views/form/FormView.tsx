import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ResourceName } from '../../domain/resource';
import { fieldOf, isLocked, isShown } from '../../machines/form-fields';
import {
  selectIsComplete,
  selectIsConflict,
  selectIsLoading,
  selectIsSaving,
  selectLoadFailure,
  selectProblems,
  selectRecord,
  selectValues,
  type formMachine,
} from '../../machines/form.machine';
import { selectSessionState } from '../../machines/session.machine';
import { useConsoleActorRef, useResourceMachines, useSessionActor } from '../actors';
import { useLeaveGuard } from '../navigation/leave-guard';
import { PageTitle } from '../pages/PageTitle';
import type { FormActor } from './form-actor';
import { messagesOf, type FieldConfig, type FormConfig } from './form-config';
import { FormField } from './FormField';
import { HistoryPanel } from '../history/HistoryPanel';
import { DeleteRecordButton, RecordDeletion } from './RecordDeletion';
import { ActionAlert } from '../pages/ActionAlert';
import { LoadingLine } from '../pages/LoadingLine';

/** What names a loaded record to the user: its name (with a surname, for a person) or its title. */
function recordLabel(record: object | null): string | undefined {
  if (!record) return undefined;
  const text = (field: string) => {
    const value = fieldOf(record, field);
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const name = [text('name'), text('surname')].filter(Boolean).join(' ');
  return name || text('title');
}

/**
 * The create/edit screen of any resource; after saving it returns to the resource's list, or, for a resource that
 * stays after creating, becomes the new record's edit page (the form machine leads there).
 */
export function FormView({ resource, config, id }: { resource: ResourceName; config: FormConfig; id: string | null }) {
  return (
    <>
      <RecordFormPage machine={useResourceMachines(resource).form} config={config} id={id} backPath={`/${resource}`} />
      {id !== null && <HistoryPanel entity={auditEntities[resource]} entityId={id} />}
    </>
  );
}

/** The audit log's name of each resource's records (server/routes/{resource}). */
const auditEntities: Record<ResourceName, string> = {
  companies: 'company',
  tenants: 'tenant',
  users: 'user',
  topics: 'topic',
  contents: 'content',
  'training-plans': 'training plan',
  quizzes: 'quiz',
  groups: 'group',
};

export interface RecordFormPageProps {
  machine: typeof formMachine;
  config: FormConfig;
  id: string | null;
  /** Where saving, cancelling and deleting lead (the list, or a parent's page); staying after creating leads to `{backPath}/{id}`. */
  backPath: string;
}

/** The create/edit screen of a record whose form machine is given (a plan's module, a module's item). */
export function RecordFormPage({ machine, config, id, backPath: listPath }: RecordFormPageProps) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const session = useSelector(useSessionActor(), selectSessionState);
  const [fields] = useState(() => (session ? config.fields(session, { creating: id === null, language: i18n.language }) : []));
  const deleteWhen = config.deletion?.when;
  const form = useConsoleActorRef(machine, {
    input: {
      id,
      fields,
      messages: messagesOf(config),
      leaveTo: listPath,
      ...(config.stayAfterCreate && { stayAfterCreate: true }),
      ...(deleteWhen && { deleteWhen }),
    },
  });
  useLeaveGuard(form);
  const record = useSelector(form, selectRecord);

  return (
    <>
      <PageTitle record={recordLabel(record)}>{t(id === null ? config.newTitleKey : config.editTitleKey)}</PageTitle>
      <RecordLoad form={form} loadErrorKey={config.loadErrorKey}>
        <RecordForm
          form={form}
          fields={fields}
          onCancel={() => navigate(listPath)}
          {...(id !== null && config.deletion && { deleteBlockedKey: config.deletion.blockedKey })}
        />
        {config.Extra && (
          // A resource's extras may be a chunk of their own (its screens' own views): the form does not wait for them,
          // and says that more is coming while their code is on its way.
          <Suspense fallback={<LoadingLine />}>
            <config.Extra form={form} />
          </Suspense>
        )}
      </RecordLoad>
      {config.deletion && <RecordDeletion form={form} />}
    </>
  );
}

export interface RecordFormProps {
  form: FormActor;
  fields: FieldConfig[];
  /** Offers Cancel (leaving the form); none unless given. */
  onCancel?: () => void;
  /** 'Save' unless given. */
  submitLabelKey?: string;
  /** The submit button waits until every required field has a value. */
  submitWhenComplete?: boolean;
  /** Offers Delete, saying this while the record may not be deleted. */
  deleteBlockedKey?: string;
}

/** While a form actor loads its record: a loading line, or the failure and Retry; once loaded, `children`. */
export function RecordLoad({ form, loadErrorKey, children }: { form: FormActor; loadErrorKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const loading = useSelector(form, selectIsLoading);
  const loadFailure = useSelector(form, selectLoadFailure);
  if (loading) return <LoadingLine />;
  if (loadFailure) {
    return (
      <ActionAlert actionLabel={t('form.retry')} onAction={() => form.send({ type: 'form.reload' })}>
        {t(loadErrorKey)}
      </ActionAlert>
    );
  }
  return children;
}

/** The fields of a form actor, its conflict notice, and cancel and submit. */
export function RecordForm({
  form,
  fields,
  onCancel,
  submitLabelKey = 'form.save',
  submitWhenComplete = false,
  deleteBlockedKey,
}: RecordFormProps) {
  const { t } = useTranslation();
  const values = useSelector(form, selectValues);
  const problems = useSelector(form, selectProblems);
  const saving = useSelector(form, selectIsSaving);
  const canSubmit = useSelector(form, (snapshot) => snapshot.can({ type: 'form.submit' }));
  const complete = useSelector(form, selectIsComplete);
  const conflict = useSelector(form, selectIsConflict);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  };
  return (
    <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
      {conflict && (
        <ActionAlert severity="warning" sx={{ mb: 3 }} actionLabel={t('form.reload')} onAction={() => form.send({ type: 'form.reload' })}>
          {t('form.conflict')}
        </ActionAlert>
      )}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {fields
          .filter((field) => isShown(field, values))
          .map((field) => (
            <Box
              key={field.name}
              sx={
                field.multiline || field.kind === 'questions'
                  ? { gridColumn: '1 / -1' }
                  : field.startsRow
                    ? { gridColumnStart: 1 }
                    : undefined
              }
            >
              <FormField
                form={form}
                field={field}
                value={values[field.name]}
                filterValue={field.reference?.filterBy && values[field.reference.filterBy.field]}
                problem={problems[field.name]}
                disabled={saving}
                locked={isLocked(field, values)}
              />
            </Box>
          ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        {deleteBlockedKey && <DeleteRecordButton form={form} blockedKey={deleteBlockedKey} />}
        {onCancel && <Button onClick={onCancel}>{t('form.cancel')}</Button>}
        <Button type="submit" variant="contained" disabled={!canSubmit || (submitWhenComplete && !complete)}>
          {t(submitLabelKey)}
        </Button>
      </Stack>
    </Paper>
  );
}
