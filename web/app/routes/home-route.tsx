import { ChatView } from '../../chat/chat-view.tsx';
import { AnswerProposals } from '../../proposals/answer-proposals.tsx';
import { LazyExternalChip } from '../../web-context/lazy-external-chip.ts';

/** What the chat draws of the features built on it: proposals under answers, page chips. */
const slots = { answerExtras: AnswerProposals, externalChip: LazyExternalChip };

/** `#/`: the conversation. */
export function HomeRoute() {
  return <ChatView slots={slots} />;
}
