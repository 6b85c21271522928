/** Why a message was not sent: a text key, in the namespace of the plugin that shows it as a popup (spec §5, §8). */
export type SendProblem = 'text_fsnrbnwk' | 'tooLong' | 'tips_fstpsb';
/** `sent: false` without a problem: nothing to show (another send was pending, or the client showed the error). */
export type SendOutcome = { sent: true } | { sent: false; problem?: SendProblem };

/** What a message box sends through: the member's chat store and the agent desk's store. */
export interface MessageSender {
  /** True while a message is on its way: one send at a time. */
  readonly pending: boolean;
  sendText(text: string): Promise<SendOutcome>;
  sendImage(file: File): Promise<SendOutcome>;
}
