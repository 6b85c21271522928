import { readFileSync } from 'node:fs';

const LIST_FILE = new URL('./common-passwords.txt', import.meta.url);

/** Lines of the list file, minus blank lines and "#" comments, lower-cased. */
export function parsePasswordList(text: string): Set<string> {
  const entries = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const entry = line.trim();
    if (entry !== '' && !entry.startsWith('#')) entries.add(entry.toLowerCase());
  }
  return entries;
}

let common: Set<string> | undefined;

/** The shipped list of the most common passwords (read once). */
export function commonPasswords(): Set<string> {
  common ??= parsePasswordList(readFileSync(LIST_FILE, 'utf8'));
  return common;
}

/** True when the password, ignoring case, is one of the most common passwords. */
export function isCommonPassword(password: string, list: Set<string> = commonPasswords()): boolean {
  return list.has(password.toLowerCase());
}
