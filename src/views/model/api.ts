import { useCall, type HandlersOf } from '../../app/useCall';
import { useLoad } from '../../app/useLoad';
import { providerGet, providerSet, providerTest } from '../../services/api/provider';

const NOTHING = {};

/** The model the account's articles are written with: loaded ahead at the click that opens the page. */
export const providerSettingsAhead = () => providerGet();

export const useProviderSettings = (handlers?: HandlersOf<typeof providerGet>) => useLoad(providerGet, NOTHING, handlers);

export const useSaveProvider = (handlers?: HandlersOf<typeof providerSet>) => useCall(providerSet, handlers);

export const useTestProvider = () => useCall(providerTest);
