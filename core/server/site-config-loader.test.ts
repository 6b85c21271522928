import { describe, expect, it } from 'vitest';
import defaultSite from '../../site-configs/default';
import { loadSiteConfig, SiteConfigError, validateSiteConfig } from './site-config-loader';

describe('site config validation', () => {
  it('accepts the shipped default config', () => {
    expect(validateSiteConfig(defaultSite)).toBe(defaultSite);
  });

  it('names the bad field by its path', () => {
    const bad = { ...defaultSite, currency: { ...defaultSite.currency, rate: '0,92' } };
    expect(() => validateSiteConfig(bad)).toThrow(SiteConfigError);
    expect(() => validateSiteConfig(bad)).toThrow(/\/currency\/rate: must match pattern/);
  });

  it('names missing and unknown properties and lists allowed values', () => {
    const { title: _title, ...withoutTitle } = defaultSite;
    const bad = { ...withoutTitle, colour: 'red', language: 'xx' };
    let message = '';
    try {
      validateSiteConfig(bad, 'site-configs/x.ts');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('site-configs/x.ts is invalid');
    expect(message).toContain('/title: must have required property');
    expect(message).toContain('/colour: must NOT have additional properties');
    expect(message).toMatch(/\/language: must be equal to one of the allowed values \(zh-TW, en/);
  });

  it('loads a config file by name and rejects names that are not file names', async () => {
    expect((await loadSiteConfig('release-de')).language).toBe('de');
    await expect(loadSiteConfig('../etc')).rejects.toThrow(/not a valid file name/);
    await expect(loadSiteConfig('no-such-site')).rejects.toThrow(/cannot load site config/);
  });
});
