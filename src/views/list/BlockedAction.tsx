import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useId, type ReactElement } from 'react';
import { VisuallyHidden } from './VisuallyHidden';

export interface BlockedActionProps {
  label: string;
  icon: ReactElement;
  /** Why the action is not possible: a tooltip, and the button's accessible description. */
  reason: string;
  /** Always true: lets a grid's keyboard navigation skip it. */
  disabled?: true;
}

/** A row action that cannot be taken, disabled, saying why (a published plan cannot be deleted). */
export function BlockedAction({ label, icon, reason }: BlockedActionProps) {
  const reasonId = useId();
  return (
    <Tooltip title={reason} describeChild>
      <span>
        <IconButton size="small" aria-label={label} aria-describedby={reasonId} disabled>
          {icon}
        </IconButton>
        <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
