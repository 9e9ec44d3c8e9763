import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { ActionAlert } from './ActionAlert';

function LoadFailure() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 2 }}>
      <ActionAlert actionLabel={t('app.reload')} onAction={() => window.location.reload()}>
        {t('app.loadFailed')}
      </ActionAlert>
    </Box>
  );
}

/**
 * Around code that arrives later (a screen's chunk, the signed-in machines): if it cannot be fetched (offline, or
 * a newer version of the console was published meanwhile), the page says so and offers Reload, never going blank.
 */
export function LoadBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={<LoadFailure />}>{children}</ErrorBoundary>;
}
