import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

const STORED = {
  fiscalizationEnabled: false,
  fiscalizeFrom: null,
  register: 'fake',
  registerUrl: '',
  taxSymbol: 'B',
  itemName: 'Posiłki - przedpłata',
};

describe('tenant settings: fiscalization tab', () => {
  it('turns fiscalization on with the test register and saves only the form’s fields', async () => {
    signIn();
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('common/settings/fiscalConfig'), () =>
        HttpResponse.json(STORED),
      ),
      http.put(apiUrl('common/settings/fiscalConfig'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...body, fiscalizeFrom: '2026-11-27' });
      }),
    );
    const { user } = renderApp('/settings/tenant/fiscalization');
    const form = await screen.findByRole('form', { name: 'Fiscalization' });
    const enabled = within(form).getByLabelText('Fiscalization enabled');
    expect(enabled).not.toBeChecked();
    expect(within(form).getByLabelText('Cash register')).toHaveValue('fake');
    expect(within(form).getByRole('option', { name: 'Test register (no real receipts)' })).toBeInTheDocument();

    await user.click(enabled);
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ ...STORED, fiscalizationEnabled: true }]);
  });

  it('asks for a Novitus printer’s address before saving, then sends the printer’s settings', async () => {
    signIn();
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('common/settings/fiscalConfig'), () => HttpResponse.json(STORED)),
      http.put(apiUrl('common/settings/fiscalConfig'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderApp('/settings/tenant/fiscalization');
    const form = await screen.findByRole('form', { name: 'Fiscalization' });
    const address = within(form).getByLabelText("Printer's NoviApi address");
    const save = within(form).getByRole('button', { name: 'Save' });

    await user.click(within(form).getByLabelText('Fiscalization enabled'));
    await user.selectOptions(within(form).getByLabelText('Cash register'), 'novitus');
    await user.click(save);
    expect(await within(form).findByText("Enter the printer's NoviApi address.")).toBeInTheDocument();

    await user.type(address, 'kasa w biurze');
    await user.click(save);
    expect(await within(form).findByText('Enter an address starting with http:// or https://')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(address);
    await user.type(address, 'http://192.0.2.10:8888');
    await user.selectOptions(within(form).getByLabelText('Tax rate symbol'), 'A');
    await user.clear(within(form).getByLabelText('Receipt line'));
    await user.type(within(form).getByLabelText('Receipt line'), 'Obiady szkolne');
    await user.type(within(form).getByLabelText('Fiscalize deposits from'), '2026-11-02');
    await user.click(save);

    expect(await screen.findByText('Settings have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        fiscalizationEnabled: true,
        fiscalizeFrom: '2026-11-02',
        register: 'novitus',
        registerUrl: 'http://192.0.2.10:8888',
        taxSymbol: 'A',
        itemName: 'Obiady szkolne',
      },
    ]);
  });

  it('checks the printer typed in the form without saving, and shows why it does not answer under its address', async () => {
    signIn();
    const checked: unknown[] = [];
    let answers = false;
    server.use(
      http.get(apiUrl('common/settings/fiscalConfig'), () => HttpResponse.json(STORED)),
      http.put(apiUrl('common/settings/fiscalConfig'), () => HttpResponse.json({ message: 'unexpected' }, { status: 500 })),
      http.post(apiUrl('fiscal/registerCheck'), async ({ request }) => {
        checked.push(await request.json());
        return answers
          ? HttpResponse.json({ status: true })
          : HttpResponse.json(
              {
                message: 'The given data was invalid.',
                errors: { registerUrl: ['The cash register did not answer as expected: connection refused'] },
              },
              { status: 400 },
            );
      }),
    );
    const { user } = renderApp('/settings/tenant/fiscalization');
    const form = await screen.findByRole('form', { name: 'Fiscalization' });
    await user.selectOptions(within(form).getByLabelText('Cash register'), 'novitus');
    await user.type(within(form).getByLabelText("Printer's NoviApi address"), 'http://192.0.2.10:8888');
    const check = within(form).getByRole('button', { name: 'Check the cash register' });

    await user.click(check);
    expect(await within(form).findByText('The cash register did not answer as expected: connection refused')).toBeInTheDocument();

    answers = true;
    await user.click(check);
    expect(await screen.findByText('The cash register answered.')).toBeInTheDocument();
    expect(within(form).queryByText('The cash register did not answer as expected: connection refused')).not.toBeInTheDocument();
    // The refusal was shown under the address only, never as an error toast too.
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
    expect(checked).toEqual([
      { register: 'novitus', registerUrl: 'http://192.0.2.10:8888' },
      { register: 'novitus', registerUrl: 'http://192.0.2.10:8888' },
    ]);
  });
});
