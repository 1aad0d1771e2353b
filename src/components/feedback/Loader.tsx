import { Spinner } from '@chakra-ui/react';
import { DEFAULT_LOADER_SIZE, LOADER_SIZE_REFUSED, LOADER_SIZES, type LoaderSize } from '../../config/constants';
import { refuseInvalidProp } from '../refuseInvalidProp';

const SPINNER_SIZE = { small: 'sm', default: 'md', large: 'lg' } as const;

/**
 * The console's loading spinner, in one of the spec's three sizes (large unless asked). `label` names
 * it when nothing around it says that it loads: then it is a status, which a screen reader announces
 * (a name on a spinner without a role is read by none, and WCAG's rules refuse it).
 */
export function Loader({ size = DEFAULT_LOADER_SIZE, label }: { size?: LoaderSize; label?: string }) {
  const shown = refuseInvalidProp(size, LOADER_SIZES, LOADER_SIZE_REFUSED) ? size : DEFAULT_LOADER_SIZE;
  return (
    <Spinner
      size={SPINNER_SIZE[shown]}
      color="brand.solid"
      borderWidth={shown === 'large' ? '3px' : undefined}
      role={label ? 'status' : undefined}
      aria-label={label}
      data-size={shown}
    />
  );
}
