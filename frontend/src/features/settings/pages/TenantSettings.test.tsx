import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

describe('tenant settings', () => {
  it('fees tab: GET fills the form, Save PUTs the edited values as decimal strings', async () => {
    signIn();
    const sent: unknown[] = [];
    server.use(
      http.put(apiUrl('common/settings/fees'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ id: 1, ...body });
      }),
    );
    const { user } = renderApp('/settings/tenant/fees');
    const form = await screen.findByRole('form', { name: 'Fees' });
    const fee = within(form).getByLabelText('Default manipulation fee (PLN)');
    expect(fee).toHaveValue('0.00');
    expect(within(form).getByLabelText('Charge orders')).toHaveValue('on_marking');

    await user.clear(fee);
    await user.type(fee, '1.234');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter an amount with at most 2 decimal places, e.g. 12.50')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(fee);
    await user.type(fee, '2,50');
    await user.click(within(form).getByLabelText('Add manipulation fee'));
    await user.selectOptions(within(form).getByLabelText('Charge orders'), 'in_order_day');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        orderChargeTime: 'in_order_day',
        addManipulationFee: true,
        defaultManipulationFee: { amount: '2.50', currency: 'PLN' },
        addPaymentTransactionFee: false,
        paymentTransactionFeeType: 'amount',
        paymentTransactionFee: '0.00',
      },
    ]);
  });

  it('shows server field errors on the tab, a money amount error under its input', async () => {
    signIn();
    server.use(
      http.put(apiUrl('common/settings/debitsConfig'), () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { 'allowedDebit.amount': ['Enter an amount of at most 100000.00 PLN.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/settings/tenant/debits');
    const form = await screen.findByRole('form', { name: 'Debits' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter an amount of at most 100000.00 PLN.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The given data was invalid.');
  });
});
