import { ChatView } from '../../chat/chat-view.tsx';

/** `#/`: the conversation. */
export function HomeRoute() {
  return <ChatView />;
}
