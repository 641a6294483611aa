import { Container, type MantineSize } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { ConnectionNotice } from './connection-notice';
import { ImpersonationBanner } from './impersonation-banner';
import classes from './layouts.module.css';
import { useStickyBars } from './use-sticky-bars';

interface LayoutFrameProps {
  /** The header bar's content; without it the frame has no header bar (empty layout). */
  header?: ReactNode;
  dark?: boolean;
  footer?: ReactNode;
  size: MantineSize | number;
  children: ReactNode;
}

/** What every layout shares: sticky header, the impersonation banner, content, sticky footer. */
export function LayoutFrame({ header, dark, footer, size, children }: LayoutFrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  useStickyBars(frame, Boolean(header), Boolean(footer));
  return (
    <div className={classes.frame} ref={frame}>
      {header ? (
        <header className={dark ? `${classes.header} ${classes.headerDark}` : classes.header}>
          <div className={classes.headerBar}>{header}</div>
          <ImpersonationBanner />
          <ConnectionNotice />
        </header>
      ) : (
        <>
          <ImpersonationBanner />
          <ConnectionNotice />
        </>
      )}
      <main className={classes.main}>
        <Container size={size} py="md" className={classes.content}>
          {children}
        </Container>
      </main>
      {footer}
    </div>
  );
}

/** Every layout renders the matched route, or the page it is given (the no-access page). */
export interface LayoutProps {
  children?: ReactNode;
}
