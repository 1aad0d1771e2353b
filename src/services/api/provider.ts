import { ApiPath } from '../../../contract/paths';
import type { ProviderSetBody, ProviderTestBody } from '../../../contract/schemas/provider';
import { http, type CallOptions } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { providerEndpoints } from '../../../contract/endpoints/provider';

/** The account's own model service: keys are write-only; the form shows refusals inline. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export const providerGet = () => http.get<ReplyOf<typeof providerEndpoints.providerGet>>(ApiPath.providerGet, {});
export const providerSet = (body: ProviderSetBody) =>
  http.post<ReplyOf<typeof providerEndpoints.providerSet>>(ApiPath.providerSet, body, FORM);
/** One tiny call to the service with these fields (the saved ones fill the rest); saves nothing. */
export const providerTest = (body: ProviderTestBody) =>
  http.post<ReplyOf<typeof providerEndpoints.providerTest>>(ApiPath.providerTest, body, FORM);
