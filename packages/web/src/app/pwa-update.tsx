import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/** How long the update notice stays (docs/product/settings-and-farms.md, "Start-up"). */
export const updateNoticeTimeoutMs = 10_000;
export const updateNoticeId = 'pwa-update';

/**
 * The service-worker update notice (docs/product/settings-and-farms.md, "Start-up"): UPDATE activates the
 * waiting worker and reloads; dismissing it (or letting it time out) reloads the page.
 */
export function showUpdateNotice(
  t: TFunction,
  activate: () => Promise<void>,
  reload: () => void = () => window.location.reload(),
): void {
  let updating = false;
  notifications.show({
    id: updateNoticeId,
    autoClose: updateNoticeTimeoutMs,
    withCloseButton: true,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{t('pwa.newVersion')}</Text>
        <Button
          size="xs"
          onClick={() => {
            updating = true;
            notifications.hide(updateNoticeId);
            void activate();
          }}
        >
          {t('pwa.update')}
        </Button>
      </Group>
    ),
    onClose: () => {
      if (!updating) reload();
    },
  });
}
