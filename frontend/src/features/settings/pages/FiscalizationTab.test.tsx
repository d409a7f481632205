import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

describe('tenant settings: fiscalization tab', () => {
  it('turns fiscalization on with the test register and saves only the form’s fields', async () => {
    signIn();
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('common/settings/fiscalConfig'), () =>
        HttpResponse.json({ fiscalizationEnabled: false, register: 'fake', fiscalizeFrom: null }),
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
    expect(sent).toEqual([{ fiscalizationEnabled: true, register: 'fake' }]);
  });
});
