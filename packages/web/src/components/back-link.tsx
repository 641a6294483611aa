import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A link back to a list at the top of a screen: an arrow and the list's name, 44 px tall to tap. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      fw={500}
      className="pluk-touch-link"
      style={{ alignSelf: 'flex-start', gap: 6 }}
    >
      <IconArrowLeft size={20} aria-hidden />
      {children}
    </Anchor>
  );
}
