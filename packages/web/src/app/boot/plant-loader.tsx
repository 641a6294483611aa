import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './plant-loader.css';

/**
 * The plant-growing animation shown while the app starts (docs/product/settings-and-farms.md, "Start-up").
 */
export function PlantLoader() {
  const { t } = useTranslation();
  return (
    <main className="pluk-splash" aria-busy="true">
      {/* The animation is decoration; the status text is what a screen reader announces. */}
      <svg className="pluk-splash-plant" viewBox="0 0 100 100" aria-hidden="true">
        <path className="pluk-splash-stem" d="M50 88 C50 72 48 60 50 40" />
        <path
          className="pluk-splash-leaf pluk-splash-leaf-left"
          d="M49 62 C38 62 28 54 26 44 C38 44 47 51 49 62 Z"
        />
        <path
          className="pluk-splash-leaf pluk-splash-leaf-right"
          d="M51 52 C62 52 72 44 74 34 C62 34 53 41 51 52 Z"
        />
        <circle className="pluk-splash-bud" cx="50" cy="36" r="6" />
        <ellipse className="pluk-splash-soil" cx="50" cy="90" rx="30" ry="6" />
      </svg>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {t('boot.loading')}
      </Text>
    </main>
  );
}
