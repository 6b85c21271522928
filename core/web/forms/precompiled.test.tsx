// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Ajv from 'ajv';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileForms, DEFAULT_OUT_DIR } from '../../../scripts/compile-forms';
import { loadForm, SchemaForm, UnknownFormError } from './index';
import { inlineForm, renderWithI18n, submit, type } from './test-helpers';

// The registry these tests load from is the real generated one; compile it as the test command does.
beforeAll(() => {
  compileForms();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('precompiled forms (no unsafe-eval)', () => {
  it('generated validator modules hold no eval and no new Function', () => {
    const files = readdirSync(DEFAULT_OUT_DIR).filter((name) => name.endsWith('.validator.js'));
    expect(files).toContain('example-notes.note.validator.js');
    for (const name of files) {
      const code = readFileSync(join(DEFAULT_OUT_DIR, name), 'utf8');
      expect(code, name).not.toMatch(/new Function|\beval\(/);
    }
  });

  it('loadForm gives the example form with its precompiled validator; unknown ids fail', async () => {
    const form = await loadForm('example-notes.note');
    expect(form.id).toBe('example-notes.note');
    expect(form.validator.constructor.name).toBe('AJV8PrecompiledValidator');
    expect(form.validator.isValid(form.schema, { title: 'x' }, form.schema)).toBe(true);
    expect(form.validator.isValid(form.schema, { title: 'x'.repeat(81) }, form.schema)).toBe(false);
    await expect(loadForm('example-notes.nope')).rejects.toBeInstanceOf(UnknownFormError);
  });

  it('SchemaForm with formId spins, then validates and submits without ajv compiling anything', async () => {
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    const form = await loadForm('example-notes.note');
    const validate = vi.spyOn(form.validator, 'validateFormData');
    const onSubmit = vi.fn();
    const { container } = renderWithI18n(<SchemaForm formId="example-notes.note" onSubmit={onSubmit} />, 'de');
    expect(container.querySelector('.semi-spin')).not.toBeNull();

    const title = await screen.findByLabelText('Titel');
    expect(title.getAttribute('placeholder')).toBe('Worum geht es?');
    expect(screen.getByLabelText('Notiz').tagName).toBe('TEXTAREA');
    expect(screen.getByText('Normal')).toBeTruthy();
    expect(screen.getByRole('switch').getAttribute('aria-label')).toBe('Erinnern');

    submit(container);
    const field = title.closest('.rjsf-field') as HTMLElement;
    expect(within(field).getByText('Dieses Feld ist erforderlich')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    type(title, 'Einkaufen');
    fireEvent.click(screen.getByRole('switch'));
    submit(container);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ title: 'Einkaufen', priority: 'normal', remind: true });
    expect(validate).toHaveBeenCalled();
    expect(compile).not.toHaveBeenCalled();
  });

  it('(control) a runtime validator does compile with ajv, so the spy above would see it', () => {
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    const form = inlineForm({ type: 'object', required: ['a'], properties: { a: { type: 'string' } } });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={vi.fn()} />);
    submit(container);
    expect(compile).toHaveBeenCalled();
  });

  it('SchemaForm shows a message when the form cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithI18n(<SchemaForm formId="example-notes.missing" onSubmit={vi.fn()} />);
    expect(await screen.findByText('The form could not be loaded. Please try again later.')).toBeTruthy();
  });
});
