import { useSyncExternalStore } from 'react';

/** Bootstrap's `md` breakpoint: below it the calendar shows one week as a list instead of the 7-column grid. */
export const PHONE_MAX_WIDTH_PX = 767;

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** True on a phone-width window; reads `innerWidth` (jsdom has no matchMedia, and resize covers rotation). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth <= PHONE_MAX_WIDTH_PX);
}
