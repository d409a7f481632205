import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, TOAST_AUTO_HIDE_MS } from './toast-store';
import { Toasts } from './Toasts';

describe('Toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('auto-hides after 5000 ms', async () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => {
      notify({ type: 'success', message: 'Saved.' });
    });
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_AUTO_HIDE_MS - 100);
    });
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
    expect(TOAST_AUTO_HIDE_MS).toBe(5000);
  });

  it('shows errors as danger and removes a toast when clicked', () => {
    render(<Toasts />);
    act(() => {
      notify({ type: 'error', message: 'Broken.' });
    });
    const toast = screen.getByRole('alert');
    expect(toast).toHaveClass('bg-danger');
    fireEvent.click(screen.getByText('Broken.'));
    expect(screen.queryByText('Broken.')).not.toBeInTheDocument();
  });

  it('places the stack by the user setting, top-right by default', () => {
    const { rerender, container } = render(<Toasts />);
    expect(container.ownerDocument.querySelector('.toast-container')).toHaveClass('top-0', 'end-0');
    rerender(<Toasts placement="bottom-left" />);
    expect(container.ownerDocument.querySelector('.toast-container')).toHaveClass('bottom-0', 'start-0');
  });
});
