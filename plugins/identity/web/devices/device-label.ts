import type { LoginDevice } from '../../shared/types';

export const DEVICE_NAME_MAX = 40;

/** What the table calls a device: its name, or a short form of its fingerprint until it is named. */
export function deviceLabel(device: Pick<LoginDevice, 'name' | 'device_id'>, unnamed: (shortId: string) => string): string {
  return device.name ?? unnamed(device.device_id.slice(0, 8));
}

/** The rename input's problem, if any: 1–40 characters once trimmed (as the server checks). */
export function deviceNameProblem(name: string): 'required' | 'tooLong' | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  if (Array.from(trimmed).length > DEVICE_NAME_MAX) return 'tooLong';
  return null;
}
