import { createToaster } from '@chakra-ui/react';

/** The console's toasts: top right, 3 s (spec §9). */
export const toaster = createToaster({ placement: 'top-end', duration: 3000, pauseOnPageIdle: true, max: 5 });
