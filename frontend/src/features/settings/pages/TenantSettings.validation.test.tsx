import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, money, server, type Schemas } from '@/test/server';

const VALID_NRB = '61 1090 1014 0000 0712 1981 2874';

/** Records PUT bodies and answers like the server: the saved section, the body merged over what it had. */
function recordPut<T extends object>(path: string, current: T): unknown[] {
  const sent: unknown[] = [];
  server.use(
    http.get(apiUrl(path), () => HttpResponse.json(current)),
    http.put(apiUrl(path), async ({ request }) => {
      const body = (await request.json()) as Partial<T>;
      sent.push(body);
      return HttpResponse.json({ ...current, ...body });
    }),
  );
  return sent;
}

/** The payments section as the server answers it: online payments and bank transfers on, no provider enabled. */
function paymentMethods(overrides: Partial<Schemas['PaymentMethodsConfig']>): Schemas['PaymentMethodsConfig'] {
  return {
    tpayEnabled: false,
    tpayCollectEnabled: false,
    przelewy24Enabled: false,
    autopayEnabled: false,
    allowOnlinePayments: true,
    allowBankTransfers: true,
    staticBankAccountNumber: '',
    staticBankAccountNumber2: '',
    minimumPaymentAmount: money('10.00'),
    ...overrides,
  };
}

describe('tenant settings validation (aligned with the server)', () => {
  it('users tab: shows the upload limit in MB, keeps it within 1–50 MB and sends bytes', async () => {
    signIn();
    const sent = recordPut<Schemas['GeneralSettings']>('common/settings/tenant/settings', {
      registerAs: 'parent',
      uploadMaxFileSize: 10485760,
      canSeePricesByDefault: true,
      defaultLocale: 'pl',
    });
    const { user } = renderApp('/settings/tenant/users');
    const form = await screen.findByRole('form', { name: 'Users' });
    const size = within(form).getByLabelText('Maximum upload file size (MB)');
    expect(size).toHaveValue('10');

    for (const tooBig of ['51', '0.5']) {
      await user.clear(size);
      await user.type(size, tooBig);
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await within(form).findByText('Enter a value from 1 to 50.')).toBeInTheDocument();
    }
    expect(sent).toHaveLength(0);

    await user.clear(size);
    await user.type(size, '50');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      { registerAs: 'parent', canSeePricesByDefault: true, defaultLocale: 'pl', uploadMaxFileSize: 52428800 },
    ]);
  });

  it('invoices tab: VAT rate is a select of the server choices, the pattern needs {number}, due days 0–90', async () => {
    signIn();
    const sent = recordPut<Schemas['InvoicesConfig']>('common/settings/invoicesConfig', {
      invoicesEnabled: false,
      numberingPattern: 'FV/{number}/{month}/{year}',
      paymentDueDays: 14,
      defaultVatRate: '8',
      exemptionBasis: '',
      ksefEnabled: false,
      ksefTokenSet: false,
    });
    const { user } = renderApp('/settings/tenant/invoices');
    const form = await screen.findByRole('form', { name: 'Invoices' });
    const vat = within(form).getByRole('combobox', { name: 'Default VAT rate' });
    expect(vat).toHaveValue('8');
    expect(within(vat).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['0', '0%'],
      ['5', '5%'],
      ['8', '8%'],
      ['23', '23%'],
      ['zw', 'exempt'],
    ]);
    expect(i18n.t('settings:options.defaultVatRate.zw', { lng: 'pl' })).toBe('zw. (zwolniony)');

    const pattern = within(form).getByLabelText('Numbering pattern');
    const dueDays = within(form).getByLabelText('Payment due (days)');
    await user.clear(pattern);
    await user.type(pattern, 'FV/{{month}');
    await user.clear(dueDays);
    await user.type(dueDays, '91');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The pattern must contain {number}.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a value from 0 to 90.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(pattern);
    await user.type(pattern, 'FV/{{number}/{{year}');
    await user.clear(dueDays);
    await user.type(dueDays, '90');
    await user.selectOptions(vat, 'zw');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the legal basis of the exemption.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Legal basis of the VAT exemption/), 'art. 43 ust. 1 pkt 24');
    await user.click(within(form).getByLabelText('Send invoices to KSeF (National e-Invoice System)'));
    const token = within(form).getByLabelText(/KSeF token/);
    expect(token).toHaveAttribute('type', 'password');
    expect(within(form).getByText('Not set')).toBeInTheDocument();
    await user.type(token, 'token-123');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        invoicesEnabled: false,
        numberingPattern: 'FV/{number}/{year}',
        paymentDueDays: 90,
        defaultVatRate: 'zw',
        exemptionBasis: 'art. 43 ust. 1 pkt 24',
        ksefEnabled: true,
        ksefToken: 'token-123',
      },
    ]);
  });

  it('presences tab: card number length 6–10, order deadline 0–14 days', async () => {
    signIn();
    const { user } = renderApp('/settings/tenant/presences');
    const form = await screen.findByRole('form', { name: 'Orders and dining cards' });
    const length = within(form).getByLabelText('Card number length');
    const days = within(form).getByLabelText('Order deadline (days before)');
    await user.clear(length);
    await user.type(length, '5');
    await user.clear(days);
    await user.type(days, '15');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a value from 6 to 10.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a value from 0 to 14.')).toBeInTheDocument();
  });

  it('fees tab: a percentage fee cannot exceed 100', async () => {
    signIn();
    const sent = recordPut<Schemas['Fees']>('common/settings/fees', {
      id: 1,
      addManipulationFee: false,
      defaultManipulationFee: money('0.00'),
      addPaymentTransactionFee: true,
      paymentTransactionFee: '150.00',
      paymentTransactionFeeType: 'amount',
      orderChargeTime: 'on_marking',
    });
    const { user } = renderApp('/settings/tenant/fees');
    const form = await screen.findByRole('form', { name: 'Fees' });
    await user.selectOptions(within(form).getByLabelText('Payment transaction fee type'), 'percent');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A percentage cannot exceed 100.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const fee = within(form).getByLabelText('Payment transaction fee');
    await user.clear(fee);
    await user.type(fee, '2,5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ paymentTransactionFeeType: 'percent', paymentTransactionFee: '2.5' })]);
  });

  it('payments tab: bank account numbers must pass the NRB check; blank is sent as an empty string', async () => {
    signIn();
    const sent: unknown[] = [];
    server.use(
      http.put(apiUrl('common/settings/paymentMethodsConfig'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...body, minimumPaymentAmount: money('10.00') });
      }),
    );
    const { user } = renderApp('/settings/tenant/payments');
    const form = await screen.findByRole('form', { name: 'Payment methods' });
    const account = within(form).getByLabelText('Bank account number');
    expect(account).toHaveAttribute('maxLength', '32');
    await user.type(account, '62 1090 1014 0000 0712 1981 2874');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a valid 26-digit bank account number.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(account);
    await user.type(account, VALID_NRB);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({ staticBankAccountNumber: VALID_NRB, staticBankAccountNumber2: '' }),
    ]);
  });

  it('payments tab: the Przelewy24 keys are never shown; a key left empty is sent empty so the server keeps it', async () => {
    signIn();
    const current = paymentMethods({ przelewy24Enabled: true, przelewy24: { merchantId: 123456, posId: 123456, crcSet: true, apiKeySet: false, sandbox: true } });
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('common/settings/paymentMethodsConfig'), () => HttpResponse.json(current)),
      http.put(apiUrl('common/settings/paymentMethodsConfig'), async ({ request }) => {
        const body = (await request.json()) as { przelewy24: { merchantId: number; posId: number; sandbox: boolean } };
        sent.push(body);
        const { merchantId, posId, sandbox } = body.przelewy24;
        return HttpResponse.json({ ...current, przelewy24: { merchantId, posId, sandbox, crcSet: true, apiKeySet: true } });
      }),
    );
    const { user } = renderApp('/settings/tenant/payments');
    const form = await screen.findByRole('form', { name: 'Przelewy24 account' });
    expect(within(form).getByLabelText('Merchant ID')).toHaveValue('123456');
    const crc = within(form).getByLabelText('CRC key');
    expect(crc).toHaveValue('');
    expect(crc).toHaveAttribute('type', 'password');
    expect(within(form).getByText('Stored — leave empty to keep it')).toBeInTheDocument();
    expect(within(form).getByText('Not set')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('API key (reports key)'), 'secret-key');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ przelewy24: { merchantId: 123456, posId: 123456, crc: '', apiKey: 'secret-key', sandbox: true } }]);
    expect(within(form).getByLabelText('API key (reports key)')).toHaveValue('');
    expect(within(form).getAllByText('Stored — leave empty to keep it')).toHaveLength(2);
  });

  it('payments tab: the Tpay secret and security code are never shown; one left empty is sent empty so the server keeps it', async () => {
    signIn();
    const current = paymentMethods({ tpayEnabled: true, przelewy24: { merchantId: 0, posId: 0, crcSet: false, apiKeySet: false, sandbox: true }, tpay: { merchantId: 1010, clientId: '01-client', clientSecretSet: true, securityCodeSet: false, sandbox: true }, autopay: { serviceId: 100200, sharedKeySet: true, sandbox: true } });
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('common/settings/paymentMethodsConfig'), () => HttpResponse.json(current)),
      http.put(apiUrl('common/settings/paymentMethodsConfig'), async ({ request }) => {
        const body = (await request.json()) as { tpay: { merchantId: number; clientId: string; sandbox: boolean } };
        sent.push(body);
        const { merchantId, clientId, sandbox } = body.tpay;
        return HttpResponse.json({ ...current, tpay: { merchantId, clientId, sandbox, clientSecretSet: true, securityCodeSet: true } });
      }),
    );
    const { user } = renderApp('/settings/tenant/payments');
    const form = await screen.findByRole('form', { name: 'Tpay account' });
    expect(within(form).getByLabelText('OpenAPI client ID')).toHaveValue('01-client');
    const secret = within(form).getByLabelText('OpenAPI client secret');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(within(form).getByText('Stored — leave empty to keep it')).toBeInTheDocument();
    expect(within(form).getByText('Not set')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Notification security code'), 'code-1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ tpay: { merchantId: 1010, clientId: '01-client', clientSecret: '', securityCode: 'code-1', sandbox: true } }]);
    expect(within(form).getByLabelText('Notification security code')).toHaveValue('');
    expect(within(form).getAllByText('Stored — leave empty to keep it')).toHaveLength(2);
  });

  it('payments tab: an account in sandbox mode warns that parents would pay with test money, until it is switched off', async () => {
    signIn();
    const current = paymentMethods({ tpayEnabled: true, przelewy24: { merchantId: 0, posId: 0, crcSet: false, apiKeySet: false, sandbox: false }, tpay: { merchantId: 1010, clientId: '01-client', clientSecretSet: true, securityCodeSet: true, sandbox: true }, autopay: { serviceId: 100200, sharedKeySet: true, sandbox: false } });
    server.use(http.get(apiUrl('common/settings/paymentMethodsConfig'), () => HttpResponse.json(current)));
    const { user } = renderApp('/settings/tenant/payments');
    const tpay = await screen.findByRole('form', { name: 'Tpay account' });
    const warning = 'Test mode: payers pay with test money and no real money arrives. Turn it off before parents start paying.';
    expect(within(tpay).getByRole('alert')).toHaveTextContent(warning);
    expect(within(screen.getByRole('form', { name: 'Przelewy24 account' })).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(tpay).getByLabelText(/Sandbox \(test\) mode/));

    expect(within(tpay).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('payments tab: the Autopay shared key is never shown; left empty it is sent empty so the server keeps it', async () => {
    signIn();
    const current = paymentMethods({ autopayEnabled: true, autopay: { serviceId: 100200, sharedKeySet: true, sandbox: true } });
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('common/settings/paymentMethodsConfig'), () => HttpResponse.json(current)),
      http.put(apiUrl('common/settings/paymentMethodsConfig'), async ({ request }) => {
        const body = (await request.json()) as { autopay: { serviceId: number; sandbox: boolean } };
        sent.push(body);
        return HttpResponse.json({ ...current, autopay: { serviceId: body.autopay.serviceId, sandbox: body.autopay.sandbox, sharedKeySet: true } });
      }),
    );
    const { user } = renderApp('/settings/tenant/payments');
    const form = await screen.findByRole('form', { name: 'Autopay service' });
    const key = within(form).getByLabelText('Shared key');
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('type', 'password');
    expect(within(form).getByText('Stored — leave empty to keep it')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Service ID'));
    await user.type(within(form).getByLabelText('Service ID'), '7');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ autopay: { serviceId: 7, sharedKey: '', sandbox: true } }]);
  });

  it('parents tab: the IBAN part takes up to 8 digits', async () => {
    signIn();
    server.use(
      http.get(apiUrl('common/settings/parentsSettings'), () =>
        HttpResponse.json({
          registrationFee: money('0.00'),
          addRegistrationFee: false,
          allowSelfRegistration: false,
          hideInstitutionsListsFromParents: false,
          ibanAccountNumberPart: '',
          allowChangingAllergens: true,
          allowChangingAllergensNote: true,
          allowChangingDiets: false,
          allowChangingClassrooms: false,
          allowChangingInstitutions: false,
          allowChangingCardNumbers: false,
          hideIngredients: false,
          balancePerChildren: false,
        } satisfies Schemas['ParentsSettings']),
      ),
    );
    const { user } = renderApp('/settings/tenant/parents');
    const form = await screen.findByRole('form', { name: 'Parents' });
    const part = within(form).getByLabelText('IBAN account number part');
    expect(part).toHaveAttribute('maxLength', '8');
    await user.type(part, '12a4');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter up to 8 digits.')).toBeInTheDocument();
  });

  it('company details: checks VAT ID, post code, NRB and URLs, then posts every field with blanks as ""', async () => {
    signIn();
    const details: Schemas['CompanyDetails'] = {
      name: 'Acme',
      vatId: '',
      street: '',
      city: '',
      postCode: '',
      email: '',
      phoneNumber: '',
      bankAccountNumber: '',
      termsUrl: '',
      privacyPolicyUrl: '',
      cateringTermsUrl: '',
      logoUrl: null,
    };
    const sent: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.get(apiUrl('common/settings/companyDetails'), () => HttpResponse.json(details)),
      http.post(apiUrl('common/settings/companyDetails'), async ({ request }) => {
        const form = Object.fromEntries((await request.formData()).entries());
        sent.push(form);
        return HttpResponse.json({ ...details, ...form });
      }),
    );
    const { user } = renderApp('/settings/tenant/companyDetails');
    const form = await screen.findByRole('form', { name: 'Company details' });
    const field = (label: string) => within(form).getByLabelText(label);

    await user.type(field('VAT ID'), '123456789');
    await user.type(field('Post code'), '00000');
    await user.type(field('Bank account number'), '1234');
    await user.type(field('Terms and conditions URL'), 'regulamin');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter 10 digits.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a post code as 00-000.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid 26-digit bank account number.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid address starting with https://')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(field('VAT ID'));
    await user.type(field('VAT ID'), '1234567890');
    await user.clear(field('Post code'));
    await user.type(field('Post code'), '00-950');
    await user.clear(field('Bank account number'));
    await user.type(field('Bank account number'), VALID_NRB);
    await user.clear(field('Terms and conditions URL'));
    await user.type(field('Terms and conditions URL'), 'https://acme.example/terms');
    await user.clear(field('Company name'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: '',
        vatId: '1234567890',
        street: '',
        postCode: '00-950',
        city: '',
        email: '',
        phoneNumber: '',
        bankAccountNumber: VALID_NRB,
        termsUrl: 'https://acme.example/terms',
        privacyPolicyUrl: '',
        cateringTermsUrl: '',
      },
    ]);
  });
});
