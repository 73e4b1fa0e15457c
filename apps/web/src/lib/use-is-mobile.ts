import { useSyncExternalStore } from 'react';

/** SPEC §9: the layout counts as mobile under 992 px of body width. */
export const MOBILE_BREAKPOINT = 992;

const isMobileNow = () => document.body.clientWidth < MOBILE_BREAKPOINT;

export function useIsMobile() {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('resize', listener);
      return () => window.removeEventListener('resize', listener);
    },
    isMobileNow,
  );
}
