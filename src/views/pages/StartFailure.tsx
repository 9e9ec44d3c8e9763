import { useTranslation } from 'react-i18next';
import './loading-screen.css';

/**
 * The signed-in console's code could not be fetched (offline, or a newer version was published meanwhile): say so
 * and offer Reload. Drawn without MUI, which comes with that code.
 */
export function StartFailure() {
  const { t } = useTranslation();
  return (
    <div className="console-loading-screen">
      <div role="alert" className="console-start-failure">
        <span>{t('app.loadFailed')}</span>
        <button type="button" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </button>
      </div>
    </div>
  );
}
