import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The loading state of a list of cards (decision 089): grey cards in the shape of what comes, so the
 * screen does not jump when it arrives. `photo` adds the square photo of crops and offers.
 */
export function ListSkeleton({ count = 3, photo = false }: { count?: number; photo?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-label={t('states.loading')} data-pluk-skeleton>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="sm" aria-hidden>
          <Group wrap="nowrap" align="flex-start" gap="sm">
            {photo && <Skeleton h={72} w={72} radius="md" style={{ flexShrink: 0 }} />}
            <Stack gap={10} style={{ flex: 1 }} py={4}>
              <Skeleton h={14} w="65%" radius="sm" />
              <Skeleton h={10} w="90%" radius="sm" />
              <Skeleton h={10} w="40%" radius="sm" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
