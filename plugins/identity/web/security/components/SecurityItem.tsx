import { Button, Tag } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../../core/web';
import type { SecurityItemView } from '../security-items';

/** One factor: name and description, its state, and the button to the page that changes it. */
export function SecurityItem({ item }: { item: SecurityItemView }) {
  const root = useRoot();
  const { t } = useTranslation('identity');
  return (
    <li className="id-sec-item" data-factor={item.key}>
      <span className={`id-sec-item__dot${item.set ? ' id-sec-item__dot--on' : ''}`} aria-hidden />
      <div className="id-sec-item__text">
        <span className="id-sec-item__name">{t(`security.item.${item.key}`)}</span>
        <span className="id-sec-item__desc">{t(`security.item.${item.key}Desc`)}</span>
      </div>
      <div className="id-sec-item__state">
        {item.detail ? <span className="id-sec-item__detail">{item.detail}</span> : null}
        <Tag color={item.set ? 'green' : 'grey'} size="large" shape="circle">
          {t(item.set ? 'security.stateSet' : 'security.stateNotSet')}
        </Tag>
      </div>
      <Button
        className="id-sec-item__action"
        theme={item.set ? 'light' : 'solid'}
        type={item.danger ? 'danger' : 'primary'}
        onClick={() => root.navigate(root.href(item.route))}
      >
        {t(item.actionKey)}
      </Button>
    </li>
  );
}
