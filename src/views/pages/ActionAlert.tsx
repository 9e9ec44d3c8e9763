import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

export interface ActionAlertProps extends Pick<AlertProps, 'sx'> {
  /** An error unless told otherwise. */
  severity?: AlertProps['severity'];
  /** The action's words, already translated (Retry, Reload, Back to root admin). */
  actionLabel: string;
  onAction: () => void;
  actionDisabled?: boolean;
  'data-testid'?: string;
  children: ReactNode;
}

/** A message with the one thing to do about it at its end: a failure and its Retry, a notice and its way out. */
export function ActionAlert({
  severity = 'error',
  actionLabel,
  onAction,
  actionDisabled = false,
  children,
  ...alertProps
}: ActionAlertProps) {
  return (
    <Alert
      severity={severity}
      {...alertProps}
      action={
        <Button color="inherit" size="small" disabled={actionDisabled} onClick={onAction}>
          {actionLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
