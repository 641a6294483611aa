import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Plukbaar" or "Niet plukbaar" (in the cooperative wording: available or not). */
export function PlukStatusBadge({ isPickable }: { isPickable: boolean }) {
  const { t } = useTranslation('harvest');
  return (
    <Badge color={isPickable ? 'brand' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {isPickable ? t('pluk.pickable') : t('pluk.notPickable')}
    </Badge>
  );
}
