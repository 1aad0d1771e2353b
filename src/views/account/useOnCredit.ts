import { useEffect, useRef } from 'react';

/**
 * Runs `reload` each time `credits` (the page's count of credited top-ups) changes after mount: a
 * part of the account page that loads its own data asks again when points were added.
 */
export function useOnCredit(credits: number, reload: () => void): void {
  const seen = useRef(credits);
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    if (seen.current === credits) return;
    seen.current = credits;
    latest.current();
  }, [credits]);
}
