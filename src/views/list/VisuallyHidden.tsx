import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

// In pixels: the system's `width: 1` would be 100%, and a line of hidden text that wide made pages scroll sideways.
const hidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Text for assistive technology only: a description, instructions, a live announcement. */
export function VisuallyHidden({ id, live, children }: { id?: string; live?: 'polite' | 'assertive'; children: ReactNode }) {
  return (
    <Box component="span" id={id} aria-live={live} aria-atomic={live ? true : undefined} sx={hidden}>
      {children}
    </Box>
  );
}
