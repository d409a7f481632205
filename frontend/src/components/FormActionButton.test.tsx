import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormActionButton } from './FormActionButton';
import { Toasts } from './toasts/Toasts';

describe('FormActionButton', () => {
  it('acts normally when idle', async () => {
    const onClick = vi.fn();
    render(<FormActionButton pending={false} onClick={onClick}>Save</FormActionButton>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner while pending and answers a second press with an info toast', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <>
        <form onSubmit={onSubmit}>
          <FormActionButton type="submit" pending>
            Save
          </FormActionButton>
        </form>
        <Toasts />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status', { hidden: true })).toHaveClass('spinner-border');
    await userEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Request in progress, please try again later.')).toBeInTheDocument();
  });
});
