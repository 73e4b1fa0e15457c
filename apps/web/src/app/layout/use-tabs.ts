import { useCallback, useState } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { HOME_PATH, type PageRoute, routeOf } from '../routes';

export interface VisitedTab {
  path: string;
  title: string;
  location: Location;
  affix: boolean;
  /** Changes on refresh, which remounts the page and so drops its state. */
  nonce: number;
}

const homeTab = (): VisitedTab => ({
  path: HOME_PATH,
  title: routeOf(HOME_PATH)!.title,
  affix: true,
  nonce: 0,
  location: { pathname: HOME_PATH, search: '', hash: '', state: null, key: 'home' },
});

/** Visited pages (SPEC §2 "Layout"). With tags view off only the current page is kept. */
export function useTabs(current: PageRoute | undefined, tagsView: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<VisitedTab[]>(() => [homeTab()]);

  const [seen, setSeen] = useState<{ location: Location; tagsView: boolean }>();
  // A new location opens (or updates) its tab during render, so the page shows without an empty frame.
  if (current && (seen?.location !== location || seen.tagsView !== tagsView)) {
    setSeen({ location, tagsView });
    setTabs((previous) => {
      const kept = tagsView ? previous : previous.filter((t) => t.path === current.path);
      const existing = kept.find((t) => t.path === current.path);
      if (existing) {
        return existing.location === location ? kept : kept.map((t) => (t === existing ? { ...t, location } : t));
      }
      return [...kept, { path: current.path, title: current.title, location, affix: !!current.affix, nonce: 0 }];
    });
  }

  const goTo = useCallback((tab: VisitedTab | undefined) => navigate(tab ? tab.location : HOME_PATH), [navigate]);

  const close = useCallback(
    (path: string) => {
      const index = tabs.findIndex((t) => t.path === path);
      const tab = tabs[index];
      if (!tab || tab.affix) return;
      const rest = tabs.filter((t) => t.path !== path);
      setTabs(rest);
      if (path === current?.path) goTo(rest[index - 1] ?? rest[rest.length - 1]);
    },
    [tabs, current, goTo],
  );

  const closeOthers = useCallback(() => {
    setTabs((all) => all.filter((t) => t.affix || t.path === current?.path));
  }, [current]);

  const closeAll = useCallback(() => {
    const rest = tabs.filter((t) => t.affix);
    setTabs(rest);
    goTo(rest[rest.length - 1]);
  }, [tabs, goTo]);

  const refresh = useCallback(() => {
    setTabs((all) => all.map((t) => (t.path === current?.path ? { ...t, nonce: t.nonce + 1 } : t)));
  }, [current]);

  return { tabs, close, closeOthers, closeAll, refresh, goTo };
}
