import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a code may be sent again; `start(n)` begins counting down from n. */
export function useCountdown() {
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const start = useCallback((seconds: number) => setRemaining(Math.max(0, Math.round(seconds))), []);
  return { remaining, start };
}
