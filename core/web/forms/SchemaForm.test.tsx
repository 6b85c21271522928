// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { SchemaForm } from './index';
import { inlineForm, renderWithI18n, submit, type } from './test-helpers';

afterEach(cleanup);

const PROFILE = inlineForm(
  {
    type: 'object',
    required: ['name', 'code'],
    properties: {
      name: { type: 'string', title: 'Name', minLength: 3, maxLength: 10 },
      code: { type: 'string', title: 'Code', pattern: '^[A-Z]{4}$' },
      age: { type: 'integer', title: 'Age', minimum: 18, maximum: 99 },
      email: { type: 'string', title: 'Email', format: 'email' },
    },
  },
  {
    name: { 'ui:help': 'Your full name' },
    code: { 'ui:options': { errorMessages: { pattern: 'Four capital letters, e.g. ABCD' } } },
  },
);

function fieldOf(id: string): HTMLElement {
  const input = document.getElementById(id);
  if (!input) throw new Error(`no element #${id}`);
  return input.closest('.rjsf-field') as HTMLElement;
}

describe('SchemaForm: text fields, labels and errors', () => {
  it('renders label, required mark and help, and submits the typed data', () => {
    const onSubmit = vi.fn();
    const { container } = renderWithI18n(<SchemaForm form={PROFILE} onSubmit={onSubmit} />);
    const name = screen.getByLabelText('Name');
    expect(name.tagName).toBe('INPUT');
    expect(fieldOf('root_name').querySelector('.semi-form-field-label-required')).not.toBeNull();
    expect(fieldOf('root_age').querySelector('.semi-form-field-label-required')).toBeNull();
    expect(screen.getByText('Your full name')).toBeTruthy();

    type(name, 'Alice');
    type(screen.getByLabelText('Code'), 'ABCD');
    type(screen.getByLabelText('Age'), '42');
    submit(container);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ name: 'Alice', code: 'ABCD', age: 42 });
  });

  it('shows required, minLength, pattern (custom text), minimum and format errors under each field in English', () => {
    const onSubmit = vi.fn();
    const { container } = renderWithI18n(<SchemaForm form={PROFILE} onSubmit={onSubmit} />);
    submit(container);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(fieldOf('root_name')).getByText('This field is required')).toBeTruthy();
    expect(within(fieldOf('root_code')).getByText('This field is required')).toBeTruthy();

    type(screen.getByLabelText('Name'), 'Al');
    type(screen.getByLabelText('Code'), 'abc');
    type(screen.getByLabelText('Age'), '7');
    type(screen.getByLabelText('Email'), 'not-an-email');
    submit(container);
    expect(within(fieldOf('root_name')).getByText('Please enter at least 3 characters')).toBeTruthy();
    expect(within(fieldOf('root_code')).getByText('Four capital letters, e.g. ABCD')).toBeTruthy();
    expect(within(fieldOf('root_age')).getByText('The value must be at least 18')).toBeTruthy();
    expect(within(fieldOf('root_email')).getByText('Please enter a valid email address')).toBeTruthy();
    // The list above the form repeats them with the field's title.
    const list = container.querySelector('.rjsf-error-list') as HTMLElement;
    expect(within(list).getByText('Please correct the following:')).toBeTruthy();
    expect(within(list).getByText('Age: The value must be at least 18')).toBeTruthy();

    type(screen.getByLabelText('Name'), 'Alexander the Great');
    type(screen.getByLabelText('Age'), '120');
    submit(container);
    expect(within(fieldOf('root_name')).getByText('Please enter no more than 10 characters')).toBeTruthy();
    expect(within(fieldOf('root_age')).getByText('The value must be at most 99')).toBeTruthy();
  });

  it('shows the errors in German', () => {
    const { container } = renderWithI18n(<SchemaForm form={PROFILE} onSubmit={vi.fn()} />, 'de');
    submit(container);
    expect(within(fieldOf('root_name')).getByText('Dieses Feld ist erforderlich')).toBeTruthy();
    type(screen.getByLabelText('Name'), 'Al');
    type(screen.getByLabelText('Age'), '7');
    type(screen.getByLabelText('Code'), 'abc');
    submit(container);
    expect(within(fieldOf('root_name')).getByText('Bitte geben Sie mindestens 3 Zeichen ein')).toBeTruthy();
    expect(within(fieldOf('root_age')).getByText('Der Wert muss mindestens 18 betragen')).toBeTruthy();
    expect(within(fieldOf('root_code')).getByText('Four capital letters, e.g. ABCD')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Absenden' })).toBeTruthy();
  });

  it('validates live when asked', () => {
    renderWithI18n(<SchemaForm form={PROFILE} onSubmit={vi.fn()} liveValidate />);
    type(screen.getByLabelText('Name'), 'Al');
    expect(within(fieldOf('root_name')).getByText('Please enter at least 3 characters')).toBeTruthy();
  });
});

describe('SchemaForm: decimal strings', () => {
  const AMOUNT = inlineForm({
    type: 'object',
    properties: {
      amount: { type: 'string', title: 'Amount', pattern: '^\\d+(\\.\\d{1,8})?$' },
      price: { type: 'string', title: 'Price' },
    },
  }, { price: { 'ui:widget': 'updown', 'ui:options': { decimals: 2 } } });

  it('keeps digits and one point, trims to the pattern\'s decimals and stays a string', () => {
    const onSubmit = vi.fn();
    const onChange = vi.fn();
    const { container } = renderWithI18n(<SchemaForm form={AMOUNT} onSubmit={onSubmit} onChange={onChange} />);
    const amount = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    type(amount, '0001.234567891');
    expect(amount.value).toBe('1.23456789');
    type(screen.getByLabelText('Price'), '12a.3.456');
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('12.34');
    submit(container);
    expect(onSubmit.mock.calls[0][0]).toEqual({ amount: '1.23456789', price: '12.34' });
    expect(typeof onSubmit.mock.calls[0][0].amount).toBe('string');
    expect(onChange).toHaveBeenLastCalledWith({ amount: '1.23456789', price: '12.34' });
  });
});
