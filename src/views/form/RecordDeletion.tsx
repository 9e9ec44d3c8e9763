import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { selectIsConfirmingDelete, selectIsDeleting, selectMayDelete } from '../../machines/form.machine';
import { DeleteConfirmDialog } from '../dialogs/DeleteConfirmDialog';
import type { FormActor } from './form-actor';

/** Delete, beside the form's own buttons; while the record may not be deleted it is disabled and says why. */
export function DeleteRecordButton({ form, blockedKey }: { form: FormActor; blockedKey: string }) {
  const { t } = useTranslation();
  const mayDelete = useSelector(form, selectMayDelete);
  const canDelete = useSelector(form, (snapshot) => snapshot.can({ type: 'form.delete' }));
  const reasonId = useId();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mr: 'auto' }}>
      <Button
        color="error"
        startIcon={<DeleteIcon />}
        disabled={!canDelete}
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

/** The confirmation of a record's deletion (the form machine then leads away, or says why it could not delete). */
export function RecordDeletion({ form }: { form: FormActor }) {
  const confirming = useSelector(form, selectIsConfirmingDelete);
  const deleting = useSelector(form, selectIsDeleting);
  return (
    <DeleteConfirmDialog
      open={confirming}
      busy={deleting}
      onConfirm={() => form.send({ type: 'form.confirmDelete' })}
      onCancel={() => form.send({ type: 'form.cancelDelete' })}
    />
  );
}
