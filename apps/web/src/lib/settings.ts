import { useSyncExternalStore } from 'react';
import { type ThemeSettings, readPersisted, writePersisted } from './persisted';

export const DEFAULT_SETTINGS: ThemeSettings = {
  theme: '#409EFF',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
};

let current: ThemeSettings = { ...DEFAULT_SETTINGS, ...readPersisted().settings };
const listeners = new Set<() => void>();

export function updateSettings(patch: Partial<ThemeSettings>) {
  current = { ...current, ...patch };
  writePersisted({ settings: current });
  for (const listener of listeners) listener();
}

export function useSettings(): ThemeSettings {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
