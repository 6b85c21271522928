import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { DeskStore } from '../desk-store';

/** Open conversations per agent. */
export const AgentLoadTable = observer(function AgentLoadTable({ store }: { store: DeskStore }) {
  const { t } = useTranslation('chat-console');
  return (
    <section className="chc-agents" aria-label={t('agentsTitle')}>
      <h2 className="chc-subtitle">{t('agentsTitle')}</h2>
      <table className="cc-table" data-testid="chat-agent-load">
        <thead>
          <tr>
            <th>{t('agent')}</th>
            <th>{t('openConversations')}</th>
          </tr>
        </thead>
        <tbody>
          {store.agents.map((agent) => (
            <tr key={agent.id} data-agent={agent.name}>
              <td>{agent.name}</td>
              <td>{agent.openConversations}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
});
