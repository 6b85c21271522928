import { IconLanguage, IconMoon, IconSun } from '@douyinfe/semi-icons';
import { Button, Dropdown } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../shared';
import { useRoot } from '../../store/root-context';

/** Languages of the server list that the site offers; switching reloads texts and the mj-lang header. */
export const LanguageMenu = observer(function LanguageMenu() {
  const root = useRoot();
  const { t } = useTranslation();
  const items = root.languages;
  if (items.length < 2) return null;
  const current = root.settings.language;
  return (
    <Dropdown
      trigger="click"
      clickToHide
      position="bottomRight"
      render={
        <Dropdown.Menu aria-label={t('header.language')}>
          {items.map((item) => (
            <Dropdown.Item
              key={item.value}
              active={item.value === current}
              onClick={() => {
                if (isLanguage(item.value) && item.value !== current) void root.changeLanguage(item.value);
              }}
            >
              {item.img && <img src={item.img} alt="" width={18} height={12} className="bourse-flag" />}
              {item.text || item.label}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      }
    >
      <span>
        <Button theme="borderless" type="tertiary" icon={<IconLanguage />} aria-label={t('header.language')} className="bourse-header__pref">
          <span className="bourse-header__pref-label">{root.settings.languageName}</span>
        </Button>
      </span>
    </Dropdown>
  );
});

/** Display currencies from the server; prices shown through formatFiat follow the choice. */
export const CurrencyMenu = observer(function CurrencyMenu() {
  const root = useRoot();
  const { t } = useTranslation();
  const items = root.currencies;
  if (items.length === 0) return null;
  const current = root.settings.currency;
  return (
    <Dropdown
      trigger="click"
      clickToHide
      position="bottomRight"
      render={
        <Dropdown.Menu aria-label={t('header.currency')}>
          {items.map((item) => (
            <Dropdown.Item key={item.exchange_code} active={item.exchange_code === current.code} onClick={() => root.setCurrency(item)}>
              {item.symbol} {item.exchange_code}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      }
    >
      <span>
        <Button theme="borderless" type="tertiary" aria-label={t('header.currency')} className="bourse-header__pref">
          {current.symbol} {current.code}
        </Button>
      </span>
    </Dropdown>
  );
});

export const ThemeSwitch = observer(function ThemeSwitch() {
  const root = useRoot();
  const { t } = useTranslation();
  const night = root.settings.theme === 'theme-night';
  const label = t(night ? 'header.themeDay' : 'header.themeNight');
  return (
    <Button
      theme="borderless"
      type="tertiary"
      icon={night ? <IconSun /> : <IconMoon />}
      aria-label={label}
      title={label}
      onClick={() => root.toggleTheme()}
      className="bourse-header__pref"
    />
  );
});
