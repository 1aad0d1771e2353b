import NProgress from 'nprogress';

/** Spec §9: minimum 0.08, speed 200 ms, trickle 0.02 every 800 ms. Its look is the theme's (components/theme/system). */
const PROGRESS_SETTINGS = { minimum: 0.08, speed: 200, trickle: true, trickleRate: 0.02, trickleSpeed: 800, showSpinner: false };
NProgress.configure(PROGRESS_SETTINGS);

/** The top progress bar: nprogress, configured. */
export const progressBar = NProgress;
