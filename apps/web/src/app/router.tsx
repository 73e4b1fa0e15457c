import { Component, type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { RouteError } from './RouteError';

type PageModule = { default: ComponentType };

/** A page built with antd gets antd's provider, loaded with it. */
const antdPage = (load: () => Promise<PageModule>) =>
  lazy(async () => {
    const [{ default: Page }, { AntdProvider }] = await Promise.all([load(), import('./AntdProvider')]);
    return {
      default: () => (
        <AntdProvider>
          <Page />
        </AntdProvider>
      ),
    };
  });

/** Pages outside the signed-in layout, each with its own path. */
const standalonePages = [
  { path: '/login', Page: lazy(() => import('../features/auth/routes/login')) },
  { path: '/forgetPassword/forgetPassword', Page: antdPage(() => import('../features/auth/routes/forget-password')) },
  // Where an admission ticket's QR code leads: public, for anyone holding the ticket.
  { path: '/ticketVerify', Page: antdPage(() => import('../features/exam/routes/ticket-verify')) },
  // The platform operator's area (DESIGN §12): its own sign-in, layout and session, apart from the company staff's.
  { path: '/platform/login', Page: antdPage(() => import('../features/platform/routes/login')) },
];
const PlatformLayout = antdPage(() => import('../features/platform/routes/layout'));
const platformPages = [
  { path: 'invoices', Page: lazy(() => import('../features/platform/routes/invoices')) },
  { path: 'feedback', Page: lazy(() => import('../features/platform/routes/feedback')) },
  { path: 'catalogue', Page: lazy(() => import('../features/platform/routes/catalogue')) },
  { path: 'auditLog', Page: lazy(() => import('../features/platform/routes/audit-log')) },
  { path: '*', Page: lazy(() => import('../features/platform/routes/not-found')) },
];
const AppLayout = lazy(() => import('./layout/AppLayout'));

/** A page that failed to load or render shows RouteError until the user goes elsewhere. */
class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failedAt: string | null }> {
  state = { failedAt: null as string | null };
  static getDerivedStateFromError() {
    return { failedAt: location.pathname };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    return this.state.failedAt === this.props.pathname ? <RouteError /> : this.props.children;
  }
}

/**
 * Login stands alone and carries no antd, so it loads fast; password recovery and ticket verification stand alone too;
 * everything else is inside the signed-in layout. The declarative router: the data router's loaders and actions are
 * not used here, and leaving them out keeps every page's JavaScript smaller.
 */
function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={null}>
        <Routes>
          {standalonePages.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="/platform" element={<PlatformLayout />}>
            {platformPages.map(({ path, Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </Route>
          <Route path="*" element={<AppLayout />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
