import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

interface DeleteConfirmDialogProps {
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The question and the confirm button, when the action is not a plain delete (revoke a credential). */
  textKey?: string;
  confirmKey?: string;
}

/** 'Are you sure to delete?' with Confirm/Cancel: the one delete confirmation of lists, ordered tables and forms. */
export function DeleteConfirmDialog({
  textKey = 'feedback.deleteConfirm',
  confirmKey = 'dialog.confirm',
  ...props
}: DeleteConfirmDialogProps) {
  const { t } = useTranslation();
  return <ConfirmDialog {...props} text={t(textKey)} confirmLabel={t(confirmKey)} cancelLabel={t('dialog.cancel')} />;
}
