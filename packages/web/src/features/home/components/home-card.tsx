import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './home.module.css';

/**
 * A card of the home that opens its item: a plain link with Mantine's bordered card look (was
 * `<Card component={Link} withBorder radius="md">`), `compact` for the smaller padding of an offer.
 */
export function CardLink({
  to,
  compact = false,
  children,
}: {
  to: string;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={compact ? `${classes.card} ${classes.cardCompact}` : classes.card}>
      {children}
    </Link>
  );
}

/** The colours a status badge comes in (the light variant's, see home.module.css). */
export type BadgeColor = 'green' | 'yellow' | 'red' | 'gray' | 'blue';

/** A card's status badge (was Mantine's `<Badge variant="light">`): a tinted pill in small capitals. */
export function StatusBadge({ color, children }: { color: BadgeColor; children: string }) {
  return (
    <span className={classes.badge} data-color={color}>
      <span className={classes.badgeLabel}>{children}</span>
    </span>
  );
}
