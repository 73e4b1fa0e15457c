import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { CANDIDATE_SITE_PATH } from '@zhaokao/contracts';
import { LoginPage } from './account/LoginPage';
import { RegisterPage, ResetPage } from './account/CodeAccountPage';
import { RequireCandidate } from './candidate-session';
import { CompanyPage } from './CompanyPage';
import { MeLayout } from './me/MeLayout';
import { NotFoundPage } from './parts';
import { PlanPage } from './PlanPage';
import { PublicationPage } from './PublicationPage';
import { siteQueryClient } from './site-api';
import './apply.css';

// The signed-in pages load when first opened, so the public pages a QR code leads to stay small.
const MyApplicationsPage = lazy(() => import('./me/MyApplicationsPage').then((m) => ({ default: m.MyApplicationsPage })));
const ResumePage = lazy(() => import('./me/ResumePage').then((m) => ({ default: m.ResumePage })));
const MessagesPage = lazy(() => import('./me/MessagesPage').then((m) => ({ default: m.MessagesPage })));
const ApplicationPage = lazy(() => import('./me/ApplicationPage').then((m) => ({ default: m.ApplicationPage })));
const ApplyPage = lazy(() => import('./ApplyPage').then((m) => ({ default: m.ApplyPage })));

const site = CANDIDATE_SITE_PATH;

/** The candidate site (DESIGN §11): its own entry of the web build, served under /apply. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={siteQueryClient}>
      <BrowserRouter>
        <Routes>
          <Route path={`${site}/companies/:companyId`} element={<CompanyPage />} />
          <Route path={`${site}/companies/:companyId/plans/:planId`} element={<PlanPage />} />
          <Route path={`${site}/companies/:companyId/publications/:id`} element={<PublicationPage />} />
          <Route path={`${site}/login`} element={<LoginPage />} />
          <Route path={`${site}/register`} element={<RegisterPage />} />
          <Route path={`${site}/reset`} element={<ResetPage />} />
          <Route
            element={
              <RequireCandidate>
                <MeLayout />
              </RequireCandidate>
            }
          >
            <Route path={`${site}/me`} element={<MyApplicationsPage />} />
            <Route path={`${site}/me/resume`} element={<ResumePage />} />
            <Route path={`${site}/me/messages`} element={<MessagesPage />} />
            <Route path={`${site}/me/applications/:id`} element={<ApplicationPage />} />
            <Route path={`${site}/companies/:companyId/plans/:planId/posts/:postId/apply`} element={<ApplyPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
