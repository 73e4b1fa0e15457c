import { Spin } from 'antd';
import { Activity, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { routeOf } from '../routes';
import type { VisitedTab } from './use-tabs';

/**
 * Every open tab stays mounted; the hidden ones inside <Activity mode="hidden">, so a page keeps what
 * was typed into it until its tab is closed. Each page sees its own tab's location.
 * Since several pages are in the document at once, every antd Form needs its own `name`: field ids
 * (and so the labels' `for`) are prefixed with it and must not collide across pages.
 */
export function TabPages({ tabs, currentPath }: { tabs: VisitedTab[]; currentPath: string | undefined }) {
  return tabs.map((tab) => {
    const Page = routeOf(tab.path)!.component;
    return (
      <Activity key={`${tab.path}#${tab.nonce}`} mode={tab.path === currentPath ? 'visible' : 'hidden'}>
        <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
          <Routes location={tab.location}>
            <Route path={tab.path} element={<Page />} />
          </Routes>
        </Suspense>
      </Activity>
    );
  });
}
