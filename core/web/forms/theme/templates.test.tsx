// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../index';
import { inlineForm, renderWithI18n, submit, type } from '../test-helpers';

afterEach(cleanup);

describe('Semi theme templates', () => {
  it('ObjectFieldTemplate, TitleField and DescriptionField render a nested object', () => {
    const form = inlineForm({
      type: 'object',
      properties: {
        address: {
          type: 'object',
          title: 'Address',
          description: 'Where we send letters',
          required: ['city'],
          properties: { city: { type: 'string', title: 'City' } },
        },
      },
    });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={vi.fn()} />);
    const fieldset = container.querySelector('fieldset#root_address') as HTMLElement;
    expect(within(fieldset).getByRole('heading', { name: 'Address' })).toBeTruthy();
    expect(within(fieldset).getByText('Where we send letters')).toBeTruthy();
    expect(within(fieldset).getByLabelText('City')).toBeTruthy();
  });

  it('ArrayFieldTemplate adds, reorders and removes items', () => {
    const onSubmit = vi.fn();
    const form = inlineForm({ type: 'object', properties: { tags: { type: 'array', title: 'Tags', items: { type: 'string', title: 'Tag' } } } });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={onSubmit} />);
    const add = screen.getByRole('button', { name: 'Add' });
    fireEvent.click(add);
    fireEvent.click(add);
    type(container.querySelector('#root_tags_0') as HTMLElement, 'first');
    type(container.querySelector('#root_tags_1') as HTMLElement, 'second');
    expect(container.querySelectorAll('.rjsf-array-item')).toHaveLength(2);

    fireEvent.click(screen.getAllByRole('button', { name: 'Move down' })[0]);
    submit(container);
    expect(onSubmit.mock.calls.at(-1)?.[0]).toEqual({ tags: ['second', 'first'] });

    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]);
    expect(container.querySelectorAll('.rjsf-array-item')).toHaveLength(1);
    submit(container);
    expect(onSubmit.mock.calls.at(-1)?.[0]).toEqual({ tags: ['first'] });
  });

  it('array buttons are translated', () => {
    const form = inlineForm({ type: 'object', properties: { tags: { type: 'array', title: 'Tags', items: { type: 'string' } } } });
    renderWithI18n(<SchemaForm form={form} formData={{ tags: ['a', 'b'] }} onSubmit={vi.fn()} />, 'de');
    expect(screen.getByRole('button', { name: 'Hinzufügen' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Entfernen' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Nach oben' })).toHaveLength(2);
  });

  it('shows minItems errors on the array', () => {
    const form = inlineForm({ type: 'object', properties: { tags: { type: 'array', title: 'Tags', minItems: 2, items: { type: 'string' } } } });
    const { container } = renderWithI18n(<SchemaForm form={form} formData={{ tags: ['a'] }} onSubmit={vi.fn()} />);
    submit(container);
    expect(screen.getAllByText('Please add at least 2 items').length).toBeGreaterThan(0);
  });

  it('WrapIfAdditionalTemplate gives additional properties a key input and a remove button', () => {
    const onSubmit = vi.fn();
    const form = inlineForm({ type: 'object', title: 'Labels', additionalProperties: { type: 'string' } });
    const { container } = renderWithI18n(<SchemaForm form={form} formData={{ colour: 'red' }} onSubmit={onSubmit} />);
    const key = screen.getByLabelText('Field name') as HTMLInputElement;
    expect(key.value).toBe('colour');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(container.querySelectorAll('.rjsf-additional')).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]);
    submit(container);
    expect(Object.keys(onSubmit.mock.calls.at(-1)?.[0])).not.toContain('colour');
  });

  it('SubmitButton takes submitText (an i18n key or a text) and the form can be disabled', () => {
    const form = inlineForm({ type: 'object', properties: { a: { type: 'string', title: 'A' } } });
    renderWithI18n(<SchemaForm form={form} submitText="example-notes:form.remind" onSubmit={vi.fn()} disabled />);
    expect(screen.getByRole('button', { name: 'Remind me' })).toBeTruthy();
    expect((screen.getByLabelText('A') as HTMLInputElement).disabled).toBe(true);
  });

  it('ErrorListTemplate lists every error above the form', () => {
    const form = inlineForm({ type: 'object', required: ['a', 'b'], properties: { a: { type: 'string', title: 'First' }, b: { type: 'string', title: 'Second' } } });
    const { container } = renderWithI18n(<SchemaForm form={form} onSubmit={vi.fn()} />, 'de');
    submit(container);
    const list = container.querySelector('.rjsf-error-list') as HTMLElement;
    expect(within(list).getByText('Bitte korrigieren Sie Folgendes:')).toBeTruthy();
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'First: Dieses Feld ist erforderlich',
      'Second: Dieses Feld ist erforderlich',
    ]);
  });
});
