import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useSelector } from '@xstate/react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredRecord } from '../../domain/resource';
import { selectIsSaved, selectIsSaving, selectRecord, type formMachine, type FormMessages } from '../../machines/form.machine';
import { useConsoleActorRef } from '../actors';
import type { FieldConfig } from '../form/form-config';
import { RecordForm } from '../form/FormView';

export interface CreateDialogProps {
  /** A form machine that creates (no record loaded, nowhere to go after saving). */
  machine: typeof formMachine;
  fields: FieldConfig[];
  messages: FormMessages;
  titleKey: string;
  submitLabelKey: string;
  /** Once closed: `saved` when the form saved (the page reads its list again), not when cancelled. */
  onClosed: (saved: boolean) => void;
  /**
   * What the dialog shows once saved, instead of closing (a new credential's secret, shown once): the record the API
   * answered, and `done` that closes it.
   */
  created?: (record: StoredRecord, done: () => void) => ReactNode;
}

/**
 * A dialog around a create form (add members, assign a plan): the form machine checks and sends it, its fields show
 * the API's refusals; it closes once the form is saved (or shows `created`), or on Cancel / Escape while nothing is
 * being sent.
 */
export function CreateDialog({ machine, fields: given, messages, titleKey, submitLabelKey, onClosed, created }: CreateDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [fields] = useState(given);
  const form = useConsoleActorRef(machine, { input: { id: null, fields, messages } });
  const saved = useSelector(form, selectIsSaved);
  const saving = useSelector(form, selectIsSaving);
  const record = useSelector(form, selectRecord);
  const shown = saved && created && record ? created(record, () => onClosed(true)) : null;
  return (
    <Dialog
      open={!saved || shown !== null}
      onClose={saving ? undefined : () => onClosed(saved)}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => onClosed(true) } }}
    >
      <DialogTitle id={titleId}>{t(titleKey)}</DialogTitle>
      {shown ?? (
        <DialogContent>
          <RecordForm form={form} fields={fields} onCancel={() => onClosed(false)} submitLabelKey={submitLabelKey} />
        </DialogContent>
      )}
    </Dialog>
  );
}
