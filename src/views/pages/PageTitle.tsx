import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" data-testid="page-title" gutterBottom>
      {children}
    </Typography>
  );
}
