import { ActionIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface HeaderLinkProps {
  to: string;
  /** Dutch name of the link: its aria-label, and its tooltip when `tooltip` is set. */
  label: string;
  icon: ReactNode;
  /** Mantine colour of the icon (`gray.0` on the manager layout's dark header); the theme's by default. */
  color?: string;
  tooltip?: boolean;
}

/** An icon-only link in a layout header (back, home, manager area), 44 px and named for screen readers. */
export function HeaderLink({ to, label, icon, color, tooltip = false }: HeaderLinkProps) {
  // The browser's own tooltip (`title`): Mantine's Tooltip would bring its positioning library
  // (floating-ui) into every member's first load (decision 045).
  return (
    <ActionIcon
      component={Link}
      to={to}
      variant="subtle"
      color={color}
      size="xl"
      aria-label={label}
      title={tooltip ? label : undefined}
      // The bell's unread badge sticks out of the icon, more so at 200 % text: shown, not cut off.
      style={{ overflow: 'visible' }}
    >
      {icon}
    </ActionIcon>
  );
}
