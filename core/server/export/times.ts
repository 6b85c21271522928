import { ApiError } from '../../shared';

/** The optional body field of an export naming the member's IANA time zone ("Europe/Berlin"). */
export const TIME_ZONE_FIELD = 'timeZone';
/** Its JSON Schema; whether the zone exists is checked by `exportTimes`. */
export const TIME_ZONE_SCHEMA = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** The times of one export, written in one time zone. */
export interface ExportTimes {
  /** The zone's name ("Europe/Berlin", "UTC"). */
  readonly zone: string;
  /** A time column's title naming the zone: "Time" → "Time (Europe/Berlin)". */
  header(title: string): string;
  /** Epoch milliseconds or an ISO-8601 string as "yyyy-MM-dd HH:mm:ss" in the zone; empty for none, as is when unreadable. */
  format(time: number | string | null | undefined): string;
}

/**
 * The times of an export in the member's zone (UTC when none is given). An unknown zone is a 400 naming the field
 * `timeZone`.
 */
export function exportTimes(timeZone: string | undefined): ExportTimes {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone ?? 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    throw ApiError.fieldInvalid(TIME_ZONE_FIELD);
  }
  // The name as the member's browser gave it: the time zone database would rename some (Asia/Kolkata → Asia/Calcutta),
  // only the spelling of its case is taken from it.
  const resolved = formatter.resolvedOptions().timeZone;
  const zone = timeZone === undefined || timeZone.toLowerCase() === resolved.toLowerCase() ? resolved : timeZone;
  return {
    zone,
    header: (title) => `${title} (${zone})`,
    format(time) {
      if (time === null || time === undefined || time === '') return '';
      const date = new Date(typeof time === 'number' ? time : Date.parse(time));
      if (Number.isNaN(date.getTime())) return String(time);
      const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
      for (const { type, value } of formatter.formatToParts(date)) part[type] = value;
      return `${part.year!.padStart(4, '0')}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
    },
  };
}
