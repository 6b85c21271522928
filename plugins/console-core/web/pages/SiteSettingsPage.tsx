import { Select } from '@douyinfe/semi-ui-19';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { ConsolePageGate, useOperatorSession } from '../../shared/kit';
import { CONSOLE_SITE_SETTINGS_PATH, type SiteEntry, type SiteSettingsView } from '../../shared/types';
import { SchemaEditor } from '../content/SchemaEditor';
import { messageOf } from '../console-error';
import '../console.css';

const TITLE_KEYS: Record<string, string> = {
  title: 'settingTitle',
  logoDay: 'settingLogoDay',
  logoNight: 'settingLogoNight',
  language: 'settingLanguage',
  currencyCode: 'settingCurrency',
  areaCode: 'settingAreaCode',
  theme: 'settingTheme',
  supportButton: 'settingSupportButton',
  repayButton: 'settingRepayButton',
  tokenTime: 'settingTokenTime',
};

/**
 * Field titles, the token time's help and the theme names as keys of the console namespace (the form
 * translates them); languages by their own names.
 */
function settingsUi(languageNames: Record<string, string>): UiSchema {
  const ui: UiSchema = Object.fromEntries(Object.entries(TITLE_KEYS).map(([field, key]) => [field, { 'ui:title': `console-core:${key}` }]));
  ui.tokenTime['ui:help'] = 'console-core:settingTokenTimeHelp';
  ui.theme['ui:enumNames'] = { 'theme-night': 'console-core:themeNight', 'theme-day': 'console-core:themeDay' };
  ui.language['ui:enumNames'] = languageNames;
  return ui;
}

/** Site settings: per site, the values in force, changed through a form checked by the server. */
const SiteSettingsPage = observer(function SiteSettingsPage() {
  const root = useRoot();
  const session = useOperatorSession();
  const { t } = useTranslation('console-core');
  const [sites, setSites] = useState<SiteEntry[]>([]);
  const [site, setSite] = useState('');
  const [view, setView] = useState<SiteSettingsView | null>(null);
  const [version, setVersion] = useState(0);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState('');
  // root.languages is a new list on every read: the boot data it comes from is what changes
  const uiSchema = useMemo(() => settingsUi(Object.fromEntries(root.languages.map((item) => [item.value, item.text || item.label]))), [root.boot]);

  useEffect(() => {
    if (!session.isSignedIn) return;
    session.http.get<SiteEntry[]>(CONSOLE_SITE_SETTINGS_PATH, { silent: true }).then(
      (entries) => {
        setSites(entries);
        setSite((current) => current || entries[0]?.name || '');
      },
      (failure: unknown) => setError(messageOf(failure)),
    );
  }, [session, session.isSignedIn]);

  useEffect(() => {
    if (!site) return;
    setView(null);
    setSaved(false);
    session.http.get<SiteSettingsView>(`${CONSOLE_SITE_SETTINGS_PATH}/${site}`, { silent: true }).then(setView, (failure: unknown) => setError(messageOf(failure)));
  }, [session, site]);

  const save = async (values: Record<string, unknown>) => {
    setSaved(false);
    const result = await session.http.post<SiteSettingsView>(`${CONSOLE_SITE_SETTINGS_PATH}/${site}`, values, { silent: true });
    setView(result);
    setVersion((current) => current + 1);
    setSaved(true);
  };

  return (
    <ConsolePageGate>
      <h1 className="cc-title">{t('settingsTitle')}</h1>
      <p className="cc-lead">{t('settingsIntro')}</p>
      {error && (
        <p className="cc-error" role="alert">
          {error}
        </p>
      )}
      <section className="cc-card cc-settings">
        {sites.length > 1 && (
          <label className="cc-field">
            {t('settingsSite')}
            <Select aria-label={t('settingsSite')} value={site} onChange={(value) => setSite(String(value))} optionList={sites.map((entry) => ({ value: entry.name, label: `${entry.title} (${entry.name})` }))} />
          </label>
        )}
        {saved && (
          <p className="cc-done" role="status">
            {t('settingsSaved')}
          </p>
        )}
        {view && (
          <>
            <p className="cc-hint" data-testid="settings-overridden">
              {view.overridden.length > 0 ? t('settingsOverridden', { fields: view.overridden.map((field) => t(TITLE_KEYS[field] ?? field)).join(', ') }) : t('settingsFromConfig')}
            </p>
            <SchemaEditor
              key={`${view.site}-${version}`}
              id={`settings-${view.site}`}
              schema={view.schema as RJSFSchema}
              uiSchema={uiSchema}
              initial={view.settings}
              submitText={t('settingsSave')}
              save={save}
            />
          </>
        )}
      </section>
    </ConsolePageGate>
  );
});

export default SiteSettingsPage;
