import { createToaster } from '@chakra-ui/react';

/** The console's toasts: top right, 3 s (spec §9). Loaded with the first toast (see ./toaster). */
export const toasterStore = createToaster({ placement: 'top-end', duration: 3000, pauseOnPageIdle: true, max: 5 });
