// Test-only helpers for the form theme: an i18n instance with the real forms.json texts, and a form
// built around a schema given inline.
import type { ReactElement } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import deForms from '../../../locales/de/forms.json';
import enForms from '../../../locales/en/forms.json';
import type { LoadedForm } from './types';

/** The example plugin's texts as a plugin's locales/<lng>/example-notes.json would hold them. */
const EXAMPLE_NOTES = {
  en: { form: { title: 'Title', titlePlaceholder: 'What is it about?', body: 'Note', priority: 'Priority', priorityLow: 'Low', priorityNormal: 'Normal', priorityHigh: 'High', remind: 'Remind me' } },
  de: { form: { title: 'Titel', titlePlaceholder: 'Worum geht es?', body: 'Notiz', priority: 'Priorität', priorityLow: 'Niedrig', priorityNormal: 'Normal', priorityHigh: 'Hoch', remind: 'Erinnern' } },
};

export function createTestI18n(lng: 'en' | 'de' = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: ['forms'],
    defaultNS: 'forms',
    resources: {
      en: { forms: enForms, 'example-notes': EXAMPLE_NOTES.en },
      de: { forms: deForms, 'example-notes': EXAMPLE_NOTES.de },
    },
    interpolation: { escapeValue: false },
  });
  return instance;
}

export function renderWithI18n(element: ReactElement, lng: 'en' | 'de' = 'en') {
  const i18n = createTestI18n(lng);
  return { i18n, ...render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>) };
}

/** A form for a schema written in the test, validated by a runtime ajv validator. */
export function inlineForm(schema: RJSFSchema, uiSchema: UiSchema = {}): LoadedForm {
  return { id: 'test.form', schema, uiSchema, validator: customizeValidator() };
}

export function submit(container: HTMLElement) {
  const form = container.querySelector('form');
  if (!form) throw new Error('no form rendered');
  fireEvent.submit(form);
}

export function type(input: Element, value: string) {
  fireEvent.change(input, { target: { value } });
}

/**
 * Opens a Semi Select and picks an option. Semi reports a controlled select's change once its dropdown's
 * closing animation ends, which happy-dom never plays, so the test ends it.
 */
export async function pickOption(select: HTMLElement, label: string) {
  fireEvent.click(select);
  fireEvent.click(await screen.findByText(label, { selector: '.semi-select-option-text' }));
  document.querySelectorAll('.semi-portal *').forEach((element) => fireEvent.animationEnd(element));
  await waitFor(() => {
    if (select.querySelector('.semi-select-selection-text')?.textContent !== label) throw new Error(`"${label}" not selected yet`);
  });
}
