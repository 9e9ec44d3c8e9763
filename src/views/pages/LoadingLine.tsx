import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';

/** 'Loading…' as a status line: a record, a page of rows, or a screen's code on its way. */
export function LoadingLine({ sx }: Pick<TypographyProps, 'sx'>) {
  const { t } = useTranslation();
  return (
    <Typography role="status" {...(sx && { sx })}>
      {t('app.loading')}
    </Typography>
  );
}

/**
 * A page whose code is still on its way: its title and the loading line, as its own loading state shows them, so
 * the user sees one loading state from the click until the data.
 */
export function PageLoading({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(titleKey)}</PageTitle>
      <LoadingLine />
    </>
  );
}
