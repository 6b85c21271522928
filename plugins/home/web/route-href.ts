import type { ShellRoot } from '../../../core/plugin-api';

/** The path of a named route, or null when no selected plugin provides it. */
export function routeHref(root: Pick<ShellRoot, 'href'>, name: string, params?: Record<string, string>): string | null {
  try {
    return root.href(name, params);
  } catch {
    return null;
  }
}

/** The register page of the user plugin; a fixed path of the spec (§2), so it works before that plugin is selected. */
export const REGISTER_PATH = '/user/register';
