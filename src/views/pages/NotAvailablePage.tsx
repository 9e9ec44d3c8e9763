import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { selectSessionState } from '../../machines/session.machine';
import { useSessionActor } from '../actors';
import { mayOpen } from '../layout/menu';
import { PageTitle } from './PageTitle';

/**
 * The screens of the signed-in user's scope, and in place of any other (a hand-typed /tenants as a COMPANY admin) a
 * page that says so, rather than a form or list the API can only refuse.
 */
export function ScopeGate({ children }: { children: ReactNode }) {
  const state = useSelector(useSessionActor(), selectSessionState);
  const [location] = useLocation();
  return state && !mayOpen(state.user.scope, location) ? <NotAvailablePage /> : children;
}

function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="not-available">
      <PageTitle>{t('notAvailable.title')}</PageTitle>
      <Alert severity="info">{t('notAvailable.text')}</Alert>
      <Link href="/home" asChild>
        <Button component="a" variant="contained">
          {t('notAvailable.home')}
        </Button>
      </Link>
    </Stack>
  );
}
