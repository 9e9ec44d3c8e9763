import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from '../theme';

/**
 * The console's MUI theme and baseline around the screens drawn with MUI. Not at the root of the console: the
 * sign-in page draws without MUI, so that its first visit does not fetch MUI's styling engine.
 */
export function Themed({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
