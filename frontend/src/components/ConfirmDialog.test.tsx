import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { useConfirm } from './confirm-context';
import { useAskRemoval } from './crud';

function Asker() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={async () => setAnswer(String(await confirm({ title: 'Confirm removal', body: 'Remove “Milk”?', variant: 'danger' })))}
      >
        Ask
      </button>
      <output aria-label="answer">{answer}</output>
    </>
  );
}

function RemovalAsker() {
  const ask = useAskRemoval();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await ask('Remove “Milk”?')))}>
        Ask
      </button>
      <output aria-label="answer">{answer}</output>
    </>
  );
}

function renderAsker(asker = <Asker />) {
  const user = userEvent.setup();
  render(<AppProviders>{asker}</AppProviders>);
  return user;
}

describe('useConfirm / ConfirmDialog', () => {
  it('resolves true on OK', async () => {
    const user = renderAsker();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(dialog).toHaveTextContent('Remove “Milk”?');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveClass('btn-danger');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('status', { name: 'answer' })).toHaveTextContent('true');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resolves false on Cancel and on closing the dialog', async () => {
    const user = renderAsker();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('status', { name: 'answer' })).toHaveTextContent('false');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'answer' })).toHaveTextContent('false');
  });

  describe('asking before a deletion (useAskRemoval, used by useConfirmedRemove)', () => {
    it('names the confirm button after the action, in red, never a bare OK', async () => {
      const user = renderAsker(<RemovalAsker />);
      await user.click(screen.getByRole('button', { name: 'Ask' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
      expect(dialog).toHaveTextContent('Remove “Milk”?');
      expect(screen.queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove' })).toHaveClass('btn-danger');
      await user.click(screen.getByRole('button', { name: 'Remove' }));
      expect(await screen.findByRole('status', { name: 'answer' })).toHaveTextContent('true');
    });

    it('says Usuń in Polish', async () => {
      await i18n.changeLanguage('pl');
      const user = renderAsker(<RemovalAsker />);
      await user.click(screen.getByRole('button', { name: 'Ask' }));
      await screen.findByRole('dialog', { name: 'Potwierdź usunięcie' });
      expect(screen.getByRole('button', { name: 'Usuń' })).toHaveClass('btn-danger');
    });
  });
});
