import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Trash2 } from 'lucide-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs, renderWithApp } from '#web/test/render.tsx';
import { ConfirmDeleteDialog } from './confirm-dialog.tsx';
import { EmptyState } from './empty-state.tsx';
import { RetryAlert } from './retry-alert.tsx';
import { SubmitButton } from './submit-button.tsx';

beforeEach(() => installBrowserStubs());
afterEach(() => cleanup());

describe('SubmitButton', () => {
  it('shows its label, then a disabled pending label while sending', () => {
    const { rerender } = renderWithApp(
      <SubmitButton pending={false} pendingLabel="Sending…">
        Send
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button).toHaveProperty('type', 'submit');
    expect(button).toHaveProperty('disabled', false);
    rerender(
      <SubmitButton pending pendingLabel="Sending…">
        Send
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
  });
});

describe('ConfirmDeleteDialog', () => {
  it('runs the step and closes on confirm', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderWithApp(
      <ConfirmDeleteDialog
        open
        onClose={onClose}
        onConfirm={onConfirm}
        title="Delete it?"
        description="It cannot be undone."
        confirmLabel="Delete"
        testId="dialog"
        confirmTestId="confirm"
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete it?' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();
  });
});

describe('RetryAlert and EmptyState', () => {
  it('retries on click', () => {
    const onRetry = vi.fn();
    renderWithApp(<RetryAlert message="Could not load." onRetry={onRetry} testId="failed" />);
    expect(screen.getByTestId('failed').textContent).toContain('Could not load.');
    fireEvent.click(screen.getByRole('button'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('makes the title the page heading when the subject is not found', () => {
    renderWithApp(
      <EmptyState variant="notFound" icon={Trash2} title="Gone" text="Not here." action={null} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Gone' })).toBeTruthy();
  });
});
