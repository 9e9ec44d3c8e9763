import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

interface DeleteConfirmDialogProps {
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Are you sure to delete?' with Confirm/Cancel: the one delete confirmation of lists, ordered tables and forms. */
export function DeleteConfirmDialog(props: DeleteConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog {...props} text={t('feedback.deleteConfirm')} confirmLabel={t('dialog.confirm')} cancelLabel={t('dialog.cancel')} />
  );
}
