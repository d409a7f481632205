import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CheckboxField, DateField, decimalAmount, MoneyField, MultiSelectField, TextAreaField } from '.';

const makeSchema = (t: TFunction) =>
  z.object({
  price: decimalAmount(t),
  note: z.string(),
  active: z.boolean(),
  days: z.array(z.number()),
  from: z.string(),
});

function TestForm({ onSubmit }: { onSubmit: (values: z.output<ReturnType<typeof makeSchema>>) => void }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(makeSchema(t)),
    defaultValues: { price: '', note: '', active: false, days: [], from: '' },
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)}>
        <MoneyField name="price" label="Price" help="Gross" />
        <TextAreaField name="note" label="Note" />
        <CheckboxField name="active" label="Active" />
        <MultiSelectField
          name="days"
          label="Days"
          options={[
            { value: 1, text: 'Monday' },
            { value: 2, text: 'Tuesday' },
          ]}
        />
        <DateField name="from" label="From" />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('form fields', () => {
  it('take a decimal comma, switches, multi-selects and dates, and submit API values', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Note')).toHaveAttribute('rows', '3');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Gross');

    await user.type(screen.getByLabelText('Price'), '2,5x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Enter an amount such as 12.50.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '2,50');
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Days' }));
    await user.click(screen.getByRole('option', { name: 'Tuesday' }));
    await user.type(screen.getByLabelText('From'), '2025-09-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ price: '2.50', note: '', active: true, days: [2], from: '2025-09-01' });
  });
});

describe('requiredChoice', () => {
  it('holds null in the form, parses to the value, and calls null required', async () => {
    const { requiredChoice } = await import('.');
    const t = ((key: string) => key) as unknown as TFunction;
    const schema = z.object({ kind: requiredChoice(t, z.enum(['school', 'workplace'])) });
    const empty: z.input<typeof schema> = { kind: null };
    expect(schema.safeParse(empty).error?.issues[0]?.message).toBe('common:validation.required');
    const parsed: z.output<typeof schema> = schema.parse({ kind: 'school' });
    expect(parsed).toEqual({ kind: 'school' });
  });
});
