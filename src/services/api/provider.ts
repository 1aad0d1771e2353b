import { ApiPath } from '../../../contract/paths';
import type { ProviderSetBody, ProviderTestBody } from '../../../contract/schemas/provider';
import { http, type CallOptions } from '../http';

/** The account's own model service: keys are write-only; the form shows refusals inline. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export const providerGet = () => http.get(ApiPath.providerGet, {});
export const providerSet = (body: ProviderSetBody) => http.post(ApiPath.providerSet, body, FORM);
/** One tiny call to the service with these fields (the saved ones fill the rest); saves nothing. */
export const providerTest = (body: ProviderTestBody) => http.post(ApiPath.providerTest, body, FORM);
