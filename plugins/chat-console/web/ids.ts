export const DESK_ROUTE = 'chat-console.desk';
export const CANNED_ROUTE = 'chat-console.canned';
