import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser tab names the record (when there is one), the screen and the console: "Acme Foods — Edit company — …". */
export function useDocumentTitle(...parts: Array<string | undefined>) {
  const { t } = useTranslation();
  const title = [...parts.filter((part) => part), t('app.title')].join(' — ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The screen's heading, and the browser tab's title; `record` names the record shown, once it is there. */
export function PageTitle({ children, record }: { children: ReactNode; record?: string | undefined }) {
  useDocumentTitle(record, typeof children === 'string' ? children : undefined);
  return (
    <Typography variant="h5" component="h1" data-testid="page-title" gutterBottom>
      {children}
    </Typography>
  );
}
