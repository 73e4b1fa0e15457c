import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { CANDIDATE_SITE_PATH } from '@zhaokao/contracts';
import { CompanyPage } from './CompanyPage';
import { NotFoundPage } from './parts';
import { PlanPage } from './PlanPage';
import { PublicationPage } from './PublicationPage';
import { siteQueryClient } from './site-api';
import './apply.css';

/** The candidate site (DESIGN §11): its own entry of the web build, served under /apply. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={siteQueryClient}>
      <BrowserRouter>
        <Routes>
          <Route path={`${CANDIDATE_SITE_PATH}/companies/:companyId`} element={<CompanyPage />} />
          <Route path={`${CANDIDATE_SITE_PATH}/companies/:companyId/plans/:planId`} element={<PlanPage />} />
          <Route path={`${CANDIDATE_SITE_PATH}/companies/:companyId/publications/:id`} element={<PublicationPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
