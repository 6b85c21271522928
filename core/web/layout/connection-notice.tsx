import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../store/root-context';

/** How long the realtime connection must be down before the notice shows: a blip of a reconnect shows nothing. */
export const CONNECTION_NOTICE_DELAY_MS = 2_000;

/**
 * A bar under the header while the realtime connection, once up, is down: live prices, books and the member's own
 * lists stop moving then, and without it they would look current. Pages reload what they show when it is back.
 */
export const ConnectionNotice = observer(function ConnectionNotice() {
  const root = useRoot();
  const { t } = useTranslation();
  const interrupted = root.realtime.interrupted;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!interrupted) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), CONNECTION_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [interrupted]);
  if (!shown) return null;
  return (
    <div className="bourse-connection-notice" role="status">
      {t('errors.connectionInterrupted')}
    </div>
  );
});
