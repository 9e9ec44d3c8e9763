import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';

/** A route whose screen arrives in a later issue: only its title for now. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PageTitle>{t(titleKey)}</PageTitle>;
}
