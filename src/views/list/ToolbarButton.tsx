import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { usePhone } from './use-phone';

/**
 * A button of a list's toolbar: its icon and label, or on a phone its icon alone (named by the label, shown as a
 * tooltip), so the toolbar keeps one row and no label wraps inside its button.
 */
export function ToolbarButton({
  label,
  icon,
  onClick,
  variant = 'outlined',
  loading = false,
  disabled = false,
}: {
  label: string;
  icon: ReactElement;
  onClick: () => void;
  variant?: 'outlined' | 'contained';
  loading?: boolean;
  disabled?: boolean;
}) {
  const phone = usePhone();
  if (phone) {
    return (
      <Tooltip title={label}>
        {/* The span keeps the tooltip working while the button is disabled. */}
        <span>
          <IconButton
            aria-label={label}
            size="small"
            color={variant === 'contained' ? 'primary' : 'default'}
            loading={loading}
            disabled={disabled}
            onClick={onClick}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      variant={variant}
      startIcon={icon}
      loading={loading}
      loadingPosition="start"
      disabled={disabled}
      onClick={onClick}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {label}
    </Button>
  );
}
