import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT, RESIZE_HANDLER_WAIT_MS } from '../../config/constants';

const DESKTOP_QUERY = `(min-width: ${MOBILE_BREAKPOINT}px)`;
const isMobileNow = () => !window.matchMedia(DESKTOP_QUERY).matches;

/**
 * Whether the window is narrower than 992 px (spec §9: mobile, the menu becomes an inline sidebar
 * drawer). Resizing is followed once it has been quiet for 80 ms (spec §9 resize handler wait).
 */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(isMobileNow);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setMobile(isMobileNow()), RESIZE_HANDLER_WAIT_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return mobile;
}
