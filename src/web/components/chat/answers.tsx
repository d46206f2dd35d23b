/*
 * What the chat needs once there is a conversation: the messages with their sources and
 * ratings, the citation sheet and the (itself deferred) page viewer. One chunk, fetched when the first message is sent (or a
 * returning visitor's history arrives), not with the page: a buyer who scans the card does
 * not need it before asking (scripts/chat-bundle-size.mjs weighs the page).
 */
export { AnalyzingIndicator, MessageBubble } from './message-list.tsx';
export { CitationSheet } from './citation-sheet.tsx';
export { LazySourceViewer } from '#web/components/source-preview/lazy-source-viewer.tsx';
