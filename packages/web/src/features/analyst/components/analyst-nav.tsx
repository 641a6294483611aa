import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { viewSlugs, type ViewSlug } from '../views';

/** Links between the views, keeping the chosen range (the URL's search). */
export function AnalystNav({ current }: { current: ViewSlug }) {
  const { t } = useTranslation('analyst');
  const { search } = useLocation();
  return (
    <Group component="nav" aria-label={t('nav')} gap="xs">
      {viewSlugs.map((slug) => (
        <Button
          key={slug}
          component={Link}
          to={paths.analyst[slug].getHref(search)}
          size="xs"
          variant={slug === current ? 'filled' : 'default'}
          aria-current={slug === current ? 'page' : undefined}
        >
          {t(`titles.${slug}`)}
        </Button>
      ))}
    </Group>
  );
}
