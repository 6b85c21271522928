import { describe, expect, it } from 'vitest';
import { isApiError } from '../../shared';
import { exportTimes } from './times';

describe('exportTimes', () => {
  const at = Date.UTC(2026, 10, 29, 14, 3, 11, 500);

  it('writes epoch milliseconds and ISO strings as yyyy-MM-dd HH:mm:ss in the zone', () => {
    const berlin = exportTimes('Europe/Berlin');
    expect(berlin.zone).toBe('Europe/Berlin');
    expect(berlin.format(at)).toBe('2026-11-29 15:03:11');
    expect(berlin.format(new Date(at).toISOString())).toBe('2026-11-29 15:03:11');
    // summer time, and a day that ends past midnight in the zone
    expect(berlin.format(Date.UTC(2026, 6, 1, 22, 30, 0))).toBe('2026-07-02 00:30:00');
    expect(exportTimes('Asia/Kolkata').format(at)).toBe('2026-11-29 19:33:11');
    expect(exportTimes('America/New_York').format(Date.UTC(2026, 0, 1, 3, 0, 5))).toBe('2025-12-31 22:00:05');
  });

  it('writes midnight as 00, not 24', () => {
    expect(exportTimes('UTC').format(Date.UTC(2026, 2, 1, 0, 0, 0))).toBe('2026-03-01 00:00:00');
  });

  it('defaults to UTC and names the zone in a time column title', () => {
    const utc = exportTimes(undefined);
    expect(utc.zone).toBe('UTC');
    expect(utc.format(at)).toBe('2026-11-29 14:03:11');
    expect(utc.header('Time')).toBe('Time (UTC)');
    expect(exportTimes('Europe/Berlin').header('Zeit')).toBe('Zeit (Europe/Berlin)');
    // the name as given (not the database's older one), spelt as the database spells it
    expect(exportTimes('Asia/Kolkata').header('Time')).toBe('Time (Asia/Kolkata)');
    expect(exportTimes('europe/berlin').header('Time')).toBe('Time (Europe/Berlin)');
  });

  it('leaves no time empty', () => {
    const utc = exportTimes('UTC');
    expect([utc.format(null), utc.format(undefined), utc.format('')]).toEqual(['', '', '']);
  });

  it('refuses an unknown zone as an invalid timeZone field', () => {
    for (const zone of ['Mars/Olympus_Mons', 'Europe/Berlin ', 'not a zone', '']) {
      let thrown: unknown;
      try {
        exportTimes(zone);
      } catch (error) {
        thrown = error;
      }
      expect(isApiError(thrown), zone).toBe(true);
      expect(thrown).toMatchObject({ code: 400, msgKey: 'errors.fieldInvalid', field: 'timeZone' });
    }
  });
});
