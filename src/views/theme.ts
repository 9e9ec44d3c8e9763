import { createTheme } from '@mui/material/styles';

/**
 * The console's MUI theme. The sign-in page draws without MUI (src/views/login/login.css repeats the colours it
 * needs): keep the two in step.
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#1e5aa8' },
    secondary: { main: '#00897b' },
    background: { default: '#f6f7fb' },
  },
  shape: { borderRadius: 8 },
});
