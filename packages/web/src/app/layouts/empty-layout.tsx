import { Outlet } from 'react-router';
import { LayoutFrame, type LayoutProps } from './layout-frame';

/** Empty layout: only the page (and the impersonation banner when active). */
export function EmptyLayout({ children }: LayoutProps) {
  return <LayoutFrame size={480}>{children ?? <Outlet />}</LayoutFrame>;
}
