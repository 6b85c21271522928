import { action, makeObservable, observable, observableRef } from 'mobx';
import type { ClientSettings, ContractType, CurrencySetting, DealType, SiteConfig, ThemeName } from '../../plugin-api';
import type { Language } from '../../shared';
import { browserFingerprint, deviceIdOf } from './device-id';
import { persist, stopPersist } from './persistence';

/** Default unit of a contract order size. */
export const DEFAULT_CONTRACT_UNIT = 'base';

const PERSISTED: (keyof ClientSettings)[] = [
  'language',
  'languageName',
  'defaultLanguage',
  'currency',
  'theme',
  'logo',
  'currentCoin',
  'dealType',
  'contractType',
  'contractUnit',
  'assetDisplay',
  'inviteCode',
  'deviceId',
  'offlineOrders',
];

export function currencyOfSite(site: SiteConfig): CurrencySetting {
  const { code, symbol, rate } = site.currency;
  return { exchange: rate, name: code, code, symbol, rate };
}

/** Persisted client settings (spec §3); defaults come from the site config. */
export class SettingsStore implements ClientSettings {
  language: Language;
  languageName: string;
  defaultLanguage: Language;
  currency: CurrencySetting;
  theme: ThemeName;
  logo: { day: string; night: string };
  currentCoin = '';
  dealType: DealType = 'cash';
  contractType: ContractType = 'ubw';
  contractUnit = DEFAULT_CONTRACT_UNIT;
  assetDisplay = { showAllAssets: true, type: 0 };
  inviteCode = '';
  deviceId = '';
  offlineOrders: Record<string, unknown[]> = {};

  constructor(private readonly site: SiteConfig) {
    this.language = site.language;
    this.languageName = site.language;
    this.defaultLanguage = site.language;
    this.currency = currencyOfSite(site);
    this.theme = site.theme;
    this.logo = { ...site.logo };
    makeObservable(this, {
      language: observable,
      languageName: observable,
      defaultLanguage: observable,
      currency: observableRef,
      theme: observable,
      logo: observableRef,
      currentCoin: observable,
      dealType: observable,
      contractType: observable,
      contractUnit: observable,
      assetDisplay: observableRef,
      inviteCode: observable,
      deviceId: observable,
      offlineOrders: observableRef,
      set: action,
    });
  }

  /** Reads the persisted values, keeps the site's language list honest and makes sure a device id exists. */
  async hydrate(): Promise<void> {
    await persist(this, this.site.release, 'settings', PERSISTED as never);
    if (!this.site.languages.includes(this.language)) this.set('language', this.site.language);
    this.set('defaultLanguage', this.site.language);
    if (!this.deviceId) this.set('deviceId', await deviceIdOf(browserFingerprint()));
  }

  set<K extends keyof ClientSettings>(key: K, value: ClientSettings[K]): void {
    (this as ClientSettings)[key] = value;
  }

  dispose(): void {
    stopPersist(this);
  }
}
