import { createTheme } from '@mui/material/styles';

/** A light and a dark scheme; the console follows the system's unless the user chose one (user menu). */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'data-color-scheme' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#1e5aa8' },
        secondary: { main: '#00796b' },
        // MUI's orange (#ed6c02) is 3.1:1 on white, too faint for the text of an outlined chip; this is 5:1 (WCAG AA).
        warning: { main: '#b45309' },
        // MUI's light blue (#0288d1) is 3.9:1 on white (an enrolment In progress, outlined); this is 5.9:1.
        info: { main: '#0369a1' },
        background: { default: '#f6f7fb' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#8ab4f8' },
        secondary: { main: '#4db6ac' },
      },
    },
  },
  shape: { borderRadius: 8 },
});
