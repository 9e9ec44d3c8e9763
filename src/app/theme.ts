import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1e5aa8' },
    secondary: { main: '#00796b' },
    background: { default: '#f6f7fb' },
  },
  shape: { borderRadius: 8 },
});
