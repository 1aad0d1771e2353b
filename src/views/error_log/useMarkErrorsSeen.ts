import { useEffect } from 'react';
import { errorLog } from '../../services/errorLog/errorLog';

/**
 * While the error log is on screen, the errors this browser meets count as seen: the header's
 * badge (ErrorLogButton) drops to zero and stays there. A kept-alive tab hidden behind another
 * runs no effects, so errors met meanwhile count again.
 */
export function useMarkErrorsSeen() {
  useEffect(() => {
    errorLog.clear();
    return errorLog.subscribe((entries) => {
      if (entries.length > 0) errorLog.clear();
    });
  }, []);
}
