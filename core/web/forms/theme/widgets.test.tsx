// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../index';
import { inlineForm, pickOption, renderWithI18n, submit, type } from '../test-helpers';

afterEach(cleanup);

function submittedData(onSubmit: ReturnType<typeof vi.fn>) {
  return onSubmit.mock.calls.at(-1)?.[0];
}

describe('Semi theme widgets', () => {
  it('TextareaWidget renders a textarea with the rows and a counter for maxLength', () => {
    const onSubmit = vi.fn();
    const form = inlineForm({ type: 'object', properties: { body: { type: 'string', title: 'Body', maxLength: 20 } } }, { body: { 'ui:widget': 'textarea', 'ui:options': { rows: 6 } } });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={onSubmit} />);
    const area = screen.getByLabelText('Body') as HTMLTextAreaElement;
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('rows')).toBe('6');
    type(area, 'hello');
    expect(container.textContent).toContain('5/20');
    submit(container);
    expect(submittedData(onSubmit)).toEqual({ body: 'hello' });
  });

  it('email, url and password inputs get their input types', () => {
    const form = inlineForm({
      type: 'object',
      properties: {
        mail: { type: 'string', title: 'Mail', format: 'email' },
        site: { type: 'string', title: 'Site', format: 'uri' },
        secret: { type: 'string', title: 'Secret' },
      },
    }, { secret: { 'ui:widget': 'password' } });
    renderWithI18n(<SchemaForm form={form} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('Mail').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Site').getAttribute('type')).toBe('url');
    expect(screen.getByLabelText('Secret').getAttribute('type')).toBe('password');
  });

  it('SelectWidget lists translated enumNames and stores the enum value', async () => {
    const onSubmit = vi.fn();
    const form = inlineForm(
      { type: 'object', properties: { priority: { type: 'string', title: 'Priority', enum: ['low', 'high'] } } },
      { priority: { 'ui:enumNames': ['example-notes:form.priorityLow', 'example-notes:form.priorityHigh'] } },
    );
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={onSubmit} />, 'de');
    expect(screen.getByText('Bitte auswählen')).toBeTruthy();
    await pickOption(container.querySelector('.semi-select') as HTMLElement, 'Hoch');
    submit(container);
    expect(submittedData(onSubmit)).toEqual({ priority: 'high' });
  });

  it('SelectWidget takes oneOf titles as labels and keeps non-string values', async () => {
    const onSubmit = vi.fn();
    const form = inlineForm({
      type: 'object',
      properties: { level: { type: 'integer', title: 'Level', oneOf: [{ const: 1, title: 'One' }, { const: 2, title: 'Two' }] } },
    });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={onSubmit} />);
    await pickOption(container.querySelector('.semi-select') as HTMLElement, 'Two');
    submit(container);
    expect(submittedData(onSubmit)).toEqual({ level: 2 });
  });

  it('CheckboxWidget carries its label and stores a boolean', () => {
    const onSubmit = vi.fn();
    const form = inlineForm({ type: 'object', properties: { agree: { type: 'boolean', title: 'I agree' } } });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={onSubmit} />);
    const box = container.querySelector('#root_agree') as HTMLElement;
    expect(within(box.closest('.rjsf-checkbox') as HTMLElement).getByText('I agree')).toBeTruthy();
    fireEvent.click(screen.getByText('I agree'));
    submit(container);
    expect(submittedData(onSubmit)).toEqual({ agree: true });
  });

  it('CheckboxesWidget stores the chosen enum values in order', () => {
    const onSubmit = vi.fn();
    const form = inlineForm(
      { type: 'object', properties: { days: { type: 'array', title: 'Days', uniqueItems: true, items: { type: 'string', enum: ['mon', 'tue', 'wed'] } } } },
      { days: { 'ui:widget': 'checkboxes', 'ui:enumNames': ['Monday', 'Tuesday', 'Wednesday'] } },
    );
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByText('Wednesday'));
    fireEvent.click(screen.getByText('Monday'));
    submit(container);
    expect(submittedData(onSubmit)).toEqual({ days: ['mon', 'wed'] });
  });

  it('RadioWidget stores the chosen value', () => {
    const onSubmit = vi.fn();
    const form = inlineForm(
      { type: 'object', properties: { side: { type: 'string', title: 'Side', enum: ['buy', 'sell'] } } },
      { side: { 'ui:widget': 'radio', 'ui:enumNames': ['Buy', 'Sell'] } },
    );
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByText('Sell'));
    submit(container);
    expect(submittedData(onSubmit)).toEqual({ side: 'sell' });
  });

  it('SwitchWidget (ui:widget "switch") toggles a boolean, with the label beside it', () => {
    const onSubmit = vi.fn();
    const form = inlineForm({ type: 'object', properties: { remind: { type: 'boolean', title: 'Remind', default: false } } }, { remind: { 'ui:widget': 'switch' } });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={onSubmit} />);
    const toggle = screen.getByRole('switch');
    expect(toggle.getAttribute('aria-label')).toBe('Remind');
    expect(container.querySelector('label[for="root_remind"]')?.textContent).toContain('Remind');
    fireEvent.click(toggle);
    submit(container);
    expect(submittedData(onSubmit)).toEqual({ remind: true });
  });

  it('DateWidget and DateTimeWidget show the stored value in Semi date pickers', () => {
    const form = inlineForm({
      type: 'object',
      properties: {
        day: { type: 'string', title: 'Day', format: 'date' },
        at: { type: 'string', title: 'At', format: 'date-time' },
      },
    });
    const at = new Date(2024, 4, 2, 13, 45, 10);
    const { container } = renderWithI18n(<SchemaForm form={form} formData={{ day: '2024-05-01', at: at.toISOString() }} onSubmit={vi.fn()} />);
    const inputs = [...container.querySelectorAll<HTMLInputElement>('.semi-datepicker input')];
    expect(inputs.map((input) => input.value)).toEqual(['2024-05-01', '2024-05-02 13:45:10']);
  });

  it('DateWidget stores what the user types as YYYY-MM-DD', async () => {
    const onSubmit = vi.fn();
    const form = inlineForm({ type: 'object', properties: { day: { type: 'string', title: 'Day', format: 'date' } } });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={onSubmit} />);
    const input = container.querySelector('.semi-datepicker input') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: '2024-02-29' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(input.value).toBe('2024-02-29'));
    submit(container);
    expect(submittedData(onSubmit)).toEqual({ day: '2024-02-29' });
  });

  it('FileWidget uploads through the upload prop and stores the link; accept comes from ui:options', async () => {
    const onSubmit = vi.fn();
    const upload = vi.fn(async (file: File) => `https://cdn.example/uploads/${file.name}`);
    const form = inlineForm({ type: 'object', properties: { proof: { type: 'string', title: 'Proof' } } }, { proof: { 'ui:widget': 'file', 'ui:options': { accept: 'image/png,image/jpeg' } } });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={onSubmit} upload={upload} />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg');
    const file = new File(['png'], 'id-card.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    expect(upload).toHaveBeenCalledWith(file);
    const link = await screen.findByText('id-card.png');
    expect(link.closest('a')?.getAttribute('href')).toBe('https://cdn.example/uploads/id-card.png');
    expect(screen.getByText('Replace file')).toBeTruthy();
    submit(container);
    expect(submittedData(onSubmit)).toEqual({ proof: 'https://cdn.example/uploads/id-card.png' });
  });

  it('FileWidget says so when the upload fails and keeps the old value', async () => {
    const upload = vi.fn(async () => {
      throw new Error('offline');
    });
    const form = inlineForm({ type: 'object', properties: { proof: { type: 'string', title: 'Proof' } } }, { proof: { 'ui:widget': 'file' } });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={vi.fn()} upload={upload} />, 'de');
    await act(async () => {
      fireEvent.change(container.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [new File(['x'], 'a.png')] } });
    });
    expect(await screen.findByText('Das Hochladen ist fehlgeschlagen. Bitte versuchen Sie es erneut.')).toBeTruthy();
  });

  it('HiddenWidget keeps the value without showing a field', () => {
    const onSubmit = vi.fn();
    const form = inlineForm({ type: 'object', properties: { ref: { type: 'string', title: 'Ref', default: 'abc' } } }, { ref: { 'ui:widget': 'hidden' } });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={onSubmit} />);
    const hidden = container.querySelector('#root_ref') as HTMLInputElement;
    expect(hidden.type).toBe('hidden');
    expect(hidden.value).toBe('abc');
    expect(screen.queryByText('Ref')).toBeNull();
    submit(container);
    expect(submittedData(onSubmit)).toEqual({ ref: 'abc' });
  });
});
