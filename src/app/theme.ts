import { createTheme } from '@mui/material/styles';

/** A light and a dark scheme; the console follows the system's unless the user chose one (user menu). */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'data-color-scheme' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#1e5aa8' },
        secondary: { main: '#00796b' },
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
