import { type ComponentType, createElement } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouteError } from './RouteError';

type PageModule = { default: ComponentType };

const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** A page built with antd gets antd's provider, loaded with it. */
const antdPage = (load: () => Promise<PageModule>) => async () => {
  const [{ default: Page }, { AntdProvider }] = await Promise.all([load(), import('./AntdProvider')]);
  return { Component: () => createElement(AntdProvider, null, createElement(Page)) };
};

/** Shown while a lazy route's code arrives on the first load. */
const HydrateFallback = () => null;

/**
 * Login stands alone and carries no antd, so it loads fast; password recovery and ticket verification stand alone too;
 * everything else is inside the signed-in layout.
 */
export const router = createBrowserRouter([
  { path: '/login', HydrateFallback, ErrorBoundary: RouteError, lazy: page(() => import('../features/auth/routes/login')) },
  {
    path: '/forgetPassword/forgetPassword',
    HydrateFallback,
    ErrorBoundary: RouteError,
    lazy: antdPage(() => import('../features/auth/routes/forget-password')),
  },
  // Where an admission ticket's QR code leads: public, for anyone holding the ticket.
  { path: '/ticketVerify', HydrateFallback, ErrorBoundary: RouteError, lazy: antdPage(() => import('../features/exam/routes/ticket-verify')) },
  // The platform operator's area (DESIGN §12): its own sign-in, layout and session, apart from the company staff's.
  { path: '/platform/login', HydrateFallback, ErrorBoundary: RouteError, lazy: antdPage(() => import('../features/platform/routes/login')) },
  {
    path: '/platform',
    HydrateFallback,
    ErrorBoundary: RouteError,
    lazy: antdPage(() => import('../features/platform/routes/layout')),
    children: [
      { path: 'invoices', lazy: page(() => import('../features/platform/routes/invoices')) },
      { path: 'feedback', lazy: page(() => import('../features/platform/routes/feedback')) },
      { path: 'catalogue', lazy: page(() => import('../features/platform/routes/catalogue')) },
      { path: '*', lazy: page(() => import('../features/platform/routes/not-found')) },
    ],
  },
  { path: '*', HydrateFallback, ErrorBoundary: RouteError, lazy: page(() => import('./layout/AppLayout')) },
]);
