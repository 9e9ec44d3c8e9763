import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';
import { isHexColor } from '../../machines/form-fields';

export interface ColorFieldProps {
  name: string;
  label: string;
  pickerLabel: string;
  value: string;
  required: boolean;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** A colour as the browser's picker and as `#RRGGBB` text; the picker shows black until the text is a colour. */
export function ColorField({ name, label, pickerLabel, value, required, error, disabled, onChange }: ColorFieldProps) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={pickerLabel}
        value={isHexColor(value) ? value.toLowerCase() : '#000000'}
        disabled={disabled}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{
          flexShrink: 0,
          width: 56,
          height: 56,
          p: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: disabled ? 'default' : 'pointer',
        }}
      />
      <TextField
        name={name}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        error={Boolean(error)}
        helperText={error}
        disabled={disabled}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false, autoComplete: 'off' } }}
      />
    </Stack>
  );
}
