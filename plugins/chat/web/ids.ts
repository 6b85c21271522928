/** The chat store on the root store: root.store<ChatStore>(CHAT_STORE). */
export const CHAT_STORE = 'chat';
