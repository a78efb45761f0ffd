// /mesaje (conversations) and /mesaje/:user (one conversation), issue 7 §3. The captcha badge is
// hidden on both by the route's messagesLayout (body.messages-layout, src/styles/base.css).
import { useParams } from 'react-router';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';
import { ConversationList } from './messages/ConversationList.tsx';
import { Conversation } from './messages/Conversation.tsx';
import '../../styles/forms.css';
import './messages/messages.css';

export default function Messages() {
  const { user } = useParams();
  const friendId = user && /^[1-9][0-9]{0,9}$/.test(user) ? Number(user) : null;
  // A conversation works offline too: what is loaded stays readable, new messages wait in the outbox.
  if (user !== undefined) return <Conversation key={user} friendId={friendId} />;
  return (
    <NetworkRequired title="Mesaje">
      <ConversationList />
    </NetworkRequired>
  );
}
