import { useEffect, useState } from 'react';

/** How long typing rests before a search is asked for. */
const SEARCH_PAUSE_MS = 300;

/**
 * A search box's keyword once typing has rested (trimmed): `onSearch` takes what is typed, `keyword` is what to ask
 * the server for ('' before anything is typed).
 */
export function useSearchKeyword() {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { keyword, onSearch: setTyped };
}
