import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('the app theme', () => {
  afterEach(() => act(() => notifications.clean()));

  it('names the close button of every notification (Mantine leaves it without text)', async () => {
    render(
      <MantineProvider env="test" theme={createAppTheme(undefined, 'Sluiten')}>
        <Notifications />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ message: 'Je gegevens zijn bewaard.' });
    });
    expect(await screen.findByText('Je gegevens zijn bewaard.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sluiten' })).toBeInTheDocument();
  });
});
