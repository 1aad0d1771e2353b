import type { RemoteTarget } from './remoteCall';
import { message } from '../../i18n/messages';
import { answerError, PublishError } from './publishError';
import type { WordPressCredentials } from './wordpress';
import { findPost, wordpressCaller, type PublishResult, type RemoteMemory } from './wordpressPost';

/**
 * Takes an article's post off the site: back to a draft (`unpublish`), or to the site's trash
 * (`delete`, which WordPress can undo). The post is the one publishing made, found the same way (by
 * the id stored, else by the key it carries), so a retry after a lost answer acts on it again
 * harmlessly: a draft stays a draft, a trashed post is no longer found and there is nothing left to do.
 */
export async function takeOffWordPress(
  siteUrl: string,
  credentials: WordPressCredentials,
  action: 'unpublish' | 'delete',
  key: string,
  memory: Pick<RemoteMemory, 'remoteId' | 'rememberPost'>,
  target: RemoteTarget,
): Promise<Omit<PublishResult, 'remoteId'> & { remoteId: string | null }> {
  const call = wordpressCaller(siteUrl, credentials, target);
  const id = await findPost(call, key, memory);
  if (!id) {
    if (action === 'delete')
      return {
        remoteId: memory.remoteId,
        remoteUrl: '',
        status: 'trash',
        notes: [message('failure.nothingToDelete')],
        differences: [],
        unsupported: [],
      };
    throw new PublishError(message('failure.postNotOnSite'), false);
  }
  if (action === 'delete') {
    const answer = await call('DELETE', `/posts/${encodeURIComponent(id)}`, message('remoteDoing.deletingPost'));
    // 410: trashed meanwhile (by someone on the site, or by our own earlier try).
    if (answer.status !== 200 && answer.status !== 410) throw answerError('wordpress', answer, message('remoteDoing.deletingPost'));
    return { remoteId: id, remoteUrl: '', status: 'trash', notes: [], differences: [], unsupported: [] };
  }
  const answer = await call('POST', `/posts/${encodeURIComponent(id)}`, message('remoteDoing.unpublishingPost'), { status: 'draft' });
  const saved = answer.json as { status?: unknown; link?: unknown } | null;
  if (answer.status !== 200 || !saved) throw answerError('wordpress', answer, message('remoteDoing.unpublishingPost'));
  const status = typeof saved.status === 'string' ? saved.status : '';
  return {
    remoteId: id,
    remoteUrl: typeof saved.link === 'string' ? saved.link : '',
    status,
    notes: [],
    differences: status === 'draft' ? [] : [{ field: 'status', expected: 'draft', actual: status }],
    unsupported: [],
  };
}
