import type { ReactNode } from 'react';
import { LazyMotion, domAnimation, m, useReducedMotion, type TargetAndTransition } from 'framer-motion';
import type { TransitionSetting } from '../../config/projectConfig';

type TransitionName = TransitionSetting['basicTransition'];

/** Where each of spec §4's page transitions starts from; every page ends fully shown in place. */
const ENTER_FROM: Record<TransitionName, TargetAndTransition> = {
  'zoom-fade': { opacity: 0, scale: 0.97 },
  'zoom-out': { opacity: 0, scale: 0.9 },
  'fade-slide': { opacity: 0, x: -24 },
  fade: { opacity: 0 },
  'fade-bottom': { opacity: 0, y: 16 },
  'fade-scale': { opacity: 0, scale: 1.04 },
};
const SHOWN: TargetAndTransition = { opacity: 1, x: 0, y: 0, scale: 1 };
const FILL_COLUMN = { flexGrow: 1, display: 'flex', flexDirection: 'column' } as const;

/**
 * Animates a page in (framer-motion, loaded with this module only: the layout imports it lazily).
 * The parent keys it by path, so each page change plays the transition once.
 */
export default function PageTransition({ name, children }: { name: TransitionName; children: ReactNode }) {
  const reduced = useReducedMotion();
  return (
    <LazyMotion features={domAnimation} strict>
      {/* Grows to the page area's height (a flex column), so a page can fill it with flex="1". */}
      <m.div
        initial={reduced ? false : ENTER_FROM[name]}
        animate={SHOWN}
        transition={{ duration: 0.3, ease: 'easeOut' }}
        style={FILL_COLUMN}
      >
        {children}
      </m.div>
    </LazyMotion>
  );
}
