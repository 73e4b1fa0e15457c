import { Spin } from 'antd';
import { Activity, Suspense, useState } from 'react';
import { Route, Routes } from 'react-router';
import { routeOf } from '../routes';
import type { VisitedTab } from './use-tabs';

/**
 * Every open tab stays mounted; the hidden ones inside <Activity mode="hidden">, so a page keeps what
 * was typed into it until its tab is closed. Each page sees its own tab's location.
 * Since several pages are in the document at once, every antd Form needs its own `name`: field ids
 * (and so the labels' `for`) are prefixed with it and must not collide across pages.
 * A tab that has never been shown (the home tab, when the app opens on another page) is not rendered until it is
 * selected, so its page's code is not loaded before someone asks for it.
 */
export function TabPages({ tabs, currentPath }: { tabs: VisitedTab[]; currentPath: string | undefined }) {
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  const current = tabs.find((tab) => tab.path === currentPath);
  const currentKey = current && keyOf(current);
  // Remembered during render (like use-tabs), so the page shows without an empty frame.
  if (currentKey && !shown.has(currentKey)) setShown(new Set(shown).add(currentKey));
  return tabs.map((tab) => {
    const key = keyOf(tab);
    if (key !== currentKey && !shown.has(key)) return null;
    const Page = routeOf(tab.path)!.component;
    return (
      <Activity key={key} mode={tab.path === currentPath ? 'visible' : 'hidden'}>
        <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
          <Routes location={tab.location}>
            <Route path={tab.path} element={<Page />} />
          </Routes>
        </Suspense>
      </Activity>
    );
  });
}

const keyOf = (tab: VisitedTab) => `${tab.path}#${tab.nonce}`;
