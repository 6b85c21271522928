import { makePersistable, stopPersisting } from 'mobx-persist-store';

/** Storage key of a persisted store: every key starts with the site's release name (spec §9). */
export function storageKey(release: string, name: string): string {
  return `${release}:${name}`;
}

/** Persists the listed properties of a MobX store in localStorage; resolves once hydrated. */
export async function persist<T extends object, P extends keyof T & string>(
  target: T,
  release: string,
  name: string,
  properties: P[],
  expireInMs?: number,
): Promise<void> {
  if (typeof window === 'undefined' || !window.localStorage) return;
  await makePersistable(target as T & Record<string, unknown>, {
    name: storageKey(release, name),
    properties: properties as never,
    storage: window.localStorage,
    ...(expireInMs === undefined ? {} : { expireIn: expireInMs, removeOnExpiration: true }),
  });
}

export function stopPersist(target: object): void {
  stopPersisting(target as Record<string, unknown>);
}
