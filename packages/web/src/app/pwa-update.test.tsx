import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../lib/i18n';
import { showUpdateNotice, updateNoticeTimeoutMs } from './pwa-update';

function renderNotifications() {
  render(
    <MantineProvider env="test">
      <Notifications />
    </MantineProvider>,
  );
}

describe('service-worker update notice', () => {
  const { t } = createI18n();

  it('offers UPDATE, which activates the new worker without an extra reload', async () => {
    renderNotifications();
    const activate = vi.fn(async () => {});
    const reload = vi.fn();
    act(() => showUpdateNotice(t, activate, reload));
    expect(await screen.findByText('Er is een nieuwe versie beschikbaar')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'UPDATE' }));
    expect(activate).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByText('Er is een nieuwe versie beschikbaar')).not.toBeInTheDocument(),
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when the notice is dismissed', async () => {
    renderNotifications();
    const reload = vi.fn();
    act(() =>
      showUpdateNotice(
        t,
        vi.fn(async () => {}),
        reload,
      ),
    );
    await screen.findByText('Er is een nieuwe versie beschikbaar');
    const close = document.querySelector<HTMLButtonElement>('.mantine-Notification-closeButton')!;
    await userEvent.setup().click(close);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('stays 10000 ms, then goes away and reloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderNotifications();
      const reload = vi.fn();
      act(() =>
        showUpdateNotice(
          t,
          vi.fn(async () => {}),
          reload,
        ),
      );
      await act(async () => vi.advanceTimersByTime(updateNoticeTimeoutMs - 500));
      expect(screen.getByText('Er is een nieuwe versie beschikbaar')).toBeInTheDocument();
      expect(reload).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(1000));
      expect(reload).toHaveBeenCalledTimes(1);
      expect(updateNoticeTimeoutMs).toBe(10_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
