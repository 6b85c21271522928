import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageGate, useOperatorSession } from '../../../console-core/shared/kit';
import { AgentLoadTable } from '../components/AgentLoadTable';
import { QueueList } from '../components/QueueList';
import { Transcript } from '../components/Transcript';
import { deskApi } from '../desk-api';
import { openDeskFeed } from '../desk-feed';
import { DeskStore } from '../desk-store';
import '../chat-console.css';

/** The support desk, live: `openFeed` connects the desk topic (tests pass a fake). */
export const Desk = observer(function Desk({ openFeed = openDeskFeed }: { openFeed?: typeof openDeskFeed }) {
  const { t } = useTranslation('chat-console');
  const session = useOperatorSession();
  const store = useMemo(() => new DeskStore(deskApi(session.http)), [session]);
  useEffect(() => {
    void store.start();
    const close = openFeed({
      // the broker takes the token with or without the "bearer " of the header
      token: () => session.authHeaders()['Blade-Auth'] ?? '',
      onEvent: (event) => store.apply(event),
      onGap: () => void store.resync(),
    });
    return () => {
      close();
      store.dispose();
    };
  }, [store, session, openFeed]);

  return (
    <>
      <h1 className="cc-title">{t('deskTitle')}</h1>
      <div className="chc-desk">
        <QueueList store={store} />
        <Transcript store={store} />
        <AgentLoadTable store={store} />
      </div>
    </>
  );
});

export default function DeskPage() {
  return (
    <ConsolePageGate>
      <Desk />
    </ConsolePageGate>
  );
}
