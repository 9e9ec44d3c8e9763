import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { selectCanEdit, selectIsConfirmingDelete, selectIsDeleting, selectMayDelete } from '../../machines/form.machine';
import { useNotificationsActor } from '../actors';
import { DeleteConfirmDialog } from '../dialogs/DeleteConfirmDialog';
import type { FormActor } from './form-actor';

/** Delete, beside the form's own buttons; while the record may not be deleted it is disabled and says why. */
export function DeleteRecordButton({ form, blockedKey }: { form: FormActor; blockedKey: string }) {
  const { t } = useTranslation();
  const mayDelete = useSelector(form, selectMayDelete);
  const editable = useSelector(form, selectCanEdit);
  const reasonId = useId();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mr: 'auto' }}>
      <Button
        color="error"
        startIcon={<DeleteIcon />}
        disabled={!mayDelete || !editable}
        aria-describedby={mayDelete ? undefined : reasonId}
        onClick={() => form.send({ type: 'form.delete' })}
      >
        {t('list.delete')}
      </Button>
      {!mayDelete && (
        <Typography id={reasonId} variant="body2" sx={{ color: 'text.secondary' }}>
          {t(blockedKey)}
        </Typography>
      )}
    </Stack>
  );
}

/** The confirmation of a record's deletion; once deleted the page goes to `backPath`, a failure is announced. */
export function RecordDeletion({ form, backPath }: { form: FormActor; backPath: string }) {
  const [, navigate] = useLocation();
  const notifications = useNotificationsActor();
  const confirming = useSelector(form, selectIsConfirmingDelete);
  const deleting = useSelector(form, selectIsDeleting);
  useEffect(() => {
    const subscriptions = [
      form.on('form.deleted', () => navigate(backPath)),
      form.on('form.deleteFailed', ({ failure }) => {
        const reason = failure.kind === 'http' ? failure.message : undefined;
        notifications.send({
          type: 'notifications.push',
          severity: 'error',
          ...(reason ? { messageKey: 'feedback.deleteFailedBecause', values: { reason } } : { messageKey: 'feedback.deleteFailed' }),
        });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [form, notifications, navigate, backPath]);
  return (
    <DeleteConfirmDialog
      open={confirming}
      busy={deleting}
      onConfirm={() => form.send({ type: 'form.confirmDelete' })}
      onCancel={() => form.send({ type: 'form.cancelDelete' })}
    />
  );
}
