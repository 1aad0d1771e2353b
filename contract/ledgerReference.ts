/**
 * What a ledger entry's reference points at, when it names a row of ours: `order:12`,
 * `article_task_item:4`, `publish_item:9`, `refresh:31` (an article; a bulk refresh adds its
 * key after the number). The kind is worded by the shared `ledger` pack (`references.<kind>`);
 * any other reference (an operator's note with a grant) is text and is shown as it is.
 */
export const LEDGER_REFERENCE_KINDS = ['article_task_item', 'order', 'publish_item', 'refresh'] as const;
export type LedgerReferenceKind = (typeof LEDGER_REFERENCE_KINDS)[number];

const REFERENCE = new RegExp(`^(${LEDGER_REFERENCE_KINDS.join('|')}):(\\d+)(?::.*)?$`);

export function ledgerReferenceOf(reference: string): { kind: LedgerReferenceKind; id: number } | null {
  const match = REFERENCE.exec(reference);
  return match ? { kind: match[1] as LedgerReferenceKind, id: Number(match[2]) } : null;
}
