/** Small interfaces the domain sends mail and SMS through (DESIGN.md §4 providers). */
export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MessageSender {
  /** Where messages really go: `smtp`, `sms-http`, or `outbox` when nothing is configured. */
  readonly via: string;
  send(message: OutgoingMessage): Promise<void>;
}
