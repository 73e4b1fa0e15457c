/** SPEC §9: state is persisted in local storage under a recruitment key. */
const STORAGE_KEY = 'recruitment';

export interface PersistedState {
  settings?: Partial<ThemeSettings>;
  /** The company of the last sign-in, so that logout can return to its login page. */
  companyId?: number;
  /** Set at sign-in, cleared when the session ends: the session cookie itself is HttpOnly (see signed-in.ts). */
  signedIn?: boolean;
  /** The plan last chosen in a plan selector and the page (path) where, until sign-out (see plan-choice.ts). */
  lastPlanChoice?: { planId: number; path: string };
}

export interface ThemeSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export function readPersisted(): PersistedState {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as PersistedState;
  } catch {
    return {};
  }
}

export function writePersisted(patch: PersistedState) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readPersisted(), ...patch }));
}

/** Logout clears the stored state; the theme settings are the user's choice of look and stay. */
export function clearSessionState() {
  const { settings } = readPersisted();
  localStorage.setItem(STORAGE_KEY, JSON.stringify(settings ? { settings } : {}));
}
