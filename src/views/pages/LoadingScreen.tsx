import { useTranslation } from 'react-i18next';
import './loading-screen.css';

/**
 * The whole page while the console starts (the session being restored, the signed-in console's code on its way):
 * the spinner index.html draws before any script, drawn without MUI as the start does not wait for it.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="console-loading-screen">
      <svg role="progressbar" aria-label={t('app.loading')} viewBox="22 22 44 44">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </div>
  );
}
