import type { ThemeProps } from '@rjsf/core';
import { templates } from './templates';
import { widgets } from './widgets';

/** The Semi UI theme for RJSF: `withTheme(semiTheme)` or `<Form {...semiTheme} />`. */
export const semiTheme: ThemeProps = { widgets, templates };
export { templates, widgets };
