import { Button, Stack, Text } from '@mantine/core';
import { Navigate, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useAccount } from '../../features/user/api/get-account';
import { useErrorText } from '../../lib/form';
import { isApiError } from '../../lib/errors';
import { useAppStore } from '../../lib/store';
import { PlantLoader } from '../boot/plant-loader';
import { StartupQuestions } from '../boot/startup-questions';
import { useFollowTexts } from '../boot/follow-texts';
import { decideAccess, type GuardDecision } from '../guard';
import { paths } from '../paths';
import { accessOf, currentHandle, layoutOf, type LayoutName, type RouteAccess } from '../route-handle';
import { NoAccess } from '../routes/no-access';
import { DefaultLayout } from './default-layout';
import { DetailLayout } from './detail-layout';
import { EmptyLayout } from './empty-layout';
import { ManagerLayout } from './manager-layout';
import { ModalLayout } from './modal-layout';
import type { LayoutProps } from './layout-frame';
import { isSigningOut, useSignOut } from '../use-sign-out';
import { useRouteFocus } from './use-route-focus';
import { useDocumentTitle } from './use-document-title';

const layouts: Record<LayoutName, (props: LayoutProps) => React.JSX.Element> = {
  default: DefaultLayout,
  applicationManager: ManagerLayout,
  modal: ModalLayout,
  empty: EmptyLayout,
  detail: DetailLayout,
};

function AccountError({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const signOut = useSignOut();
  return (
    <Stack component="main" align="center" justify="center" mih="100dvh" p="xl" ta="center">
      <Text role="alert">{errorText(error)}</Text>
      <Button onClick={onRetry} loading={retrying}>
        {t('actions.retry')}
      </Button>
      <Button variant="subtle" onClick={() => void signOut()}>
        {t('actions.logout')}
      </Button>
    </Stack>
  );
}

/** Screens for visitors or for members waiting for approval: no start-up dialog there. */
const withoutStartupDialog: RouteAccess[] = ['public', 'guest', 'restricted'];

/**
 * The re-enrolment start-up dialog may show: a member's screen they may open, not the questionnaire itself,
 * and not to an Admin acting as someone else (the reminder is for the member).
 */
function startupDialogEligible(
  decision: GuardDecision,
  access: RouteAccess,
  pathname: string,
  impersonated: boolean,
): boolean {
  return (
    decision.kind === 'allow' &&
    !withoutStartupDialog.includes(access) &&
    !pathname.toLowerCase().startsWith(paths.questions.root.getHref()) &&
    !impersonated
  );
}

/**
 * The root route: applies the route guard, then renders the route's layout (from its `handle`).
 * A route the user may not open shows the no-access page in the same layout. Beside the screen, and
 * mounted for as long as the app runs, the start-up dialog of re-enrolment.
 */
export function RootLayout() {
  const matches = useMatches();
  const location = useLocation();
  const navigation = useNavigation();
  const handle = currentHandle(matches);
  const loggedIn = useAppStore((state) => state.auth.loggedIn);
  const stopImpersonating = useAppStore((state) => state.stopImpersonating);
  const accountQuery = useAccount();
  useFollowTexts();

  // An Admin who lost the right to impersonate gets their own session back.
  const impersonationRefused =
    isApiError(accountQuery.error) && accountQuery.error.code === 'IMPERSONATION_FORBIDDEN';
  useEffect(() => {
    if (impersonationRefused) stopImpersonating();
  }, [impersonationRefused, stopImpersonating]);

  const decision = decideAccess({
    access: accessOf(handle),
    loggedIn,
    account: accountQuery.data,
    fullPath: `${location.pathname}${location.search}`,
    redirectParam: new URLSearchParams(location.search).get('redirect'),
    // Also while the way to /login is still loading its (lazy) screen: signing out ends the session
    // then, before /login is on screen (use-sign-out.ts).
    signingOut: isSigningOut(location.state) || isSigningOut(navigation.location?.state),
  });

  useRouteFocus(decision.kind === 'allow' || decision.kind === 'forbidden');
  useDocumentTitle();

  const startupDialog = (
    // A new account (signing in as someone else) starts with the dialog unanswered.
    <StartupQuestions
      key={accountQuery.data?.id ?? 0}
      userId={accountQuery.data?.id}
      eligible={startupDialogEligible(
        decision,
        accessOf(handle),
        location.pathname,
        Boolean(accountQuery.data?.impersonatedBy),
      )}
    />
  );
  return (
    <>
      <Screen decision={decision} layout={layoutOf(handle)} accountQuery={accountQuery} />
      {startupDialog}
    </>
  );
}

/** What the guard decided: a redirect, the loader or the account's error, or the route in its layout. */
function Screen({
  decision,
  layout,
  accountQuery,
}: {
  decision: GuardDecision;
  layout: LayoutName;
  accountQuery: ReturnType<typeof useAccount>;
}) {
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loading') {
    if (accountQuery.isError)
      return (
        <AccountError
          error={accountQuery.error}
          retrying={accountQuery.isFetching}
          onRetry={() => void accountQuery.refetch()}
        />
      );
    return <PlantLoader />;
  }
  const Layout = layouts[layout];
  return (
    <>
      {/* A new page starts at its top; going back restores where the member was. */}
      <ScrollRestoration />
      {decision.kind === 'forbidden' ? (
        <Layout>
          <NoAccess />
        </Layout>
      ) : (
        <Layout />
      )}
    </>
  );
}
