import {
  NEW_CONVERSATION_SELECT_DELAY_MS,
  type ConnectionUser,
  type Conversation,
  type SessionUser,
} from '@piste/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useSearchParams } from '../lib/router';
import {
  ConversationPane,
  NoConversationSelected,
  type PanePartner,
} from '../components/messages/ConversationPane';
import { ConversationSidebar, type SidebarTab } from '../components/messages/ConversationSidebar';
import { stillLoading, useConnectionsStore } from '../stores/connections';
import { useMessagesStore } from '../stores/messages';

interface Selection {
  partner: PanePartner;
  /** Null while talking to a connection with no conversation yet. */
  conversationId: string | null;
}

/** /messages — conversations on the left third, the chosen conversation on the right. */
export function MessagesPage({ user }: { user: SessionUser }) {
  const { t } = useTranslation('messages');
  const conversations = useMessagesStore((s) => s.conversations);
  const conversationsStatus = useMessagesStore((s) => s.conversationsStatus);
  // Who can be messaged: the signed-in user's connections, and whom they blocked, are the connections store's.
  const friends = useConnectionsStore((s) => s.connections);
  const friendsStatus = useConnectionsStore((s) => s.connectionsStatus);
  const loadConversations = useMessagesStore((s) => s.loadConversations);
  const send = useMessagesStore((s) => s.send);

  const [tab, setTab] = useState<SidebarTab>('chats');
  const [query, setQuery] = useState('');
  const [selection, setSelection] = useState<Selection | null>(null);
  /** This visit's fetch of the connections has answered (a list loaded before may be missing someone). */
  const [connectionsFetched, setConnectionsFetched] = useState(false);
  const selectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    void loadConversations();
  }, [loadConversations]);

  useEffect(() => {
    void useConnectionsStore
      .getState()
      .openMessagesPage(user.id)
      .finally(() => setConnectionsFetched(true));
  }, [user.id]);

  useEffect(
    () => () => {
      if (selectTimer.current) clearTimeout(selectTimer.current);
    },
    [],
  );

  // A connection's conversation may come to exist meanwhile (they wrote first, or another tab did).
  const conversationId =
    selection?.conversationId ??
    (selection ? (conversations.find((c) => c.otherUser.id === selection.partner.id)?.id ?? null) : null);

  const selectConversation = (conversation: Conversation) => {
    if (selectTimer.current) clearTimeout(selectTimer.current);
    setSelection({
      conversationId: conversation.id,
      partner: {
        id: conversation.otherUser.id,
        name: conversation.otherUser.name,
        avatar: conversation.otherUser.avatar,
        weaponSpecialty: conversation.otherUser.weaponSpecialty,
      },
    });
  };

  const selectConnection = (connection: ConnectionUser) => {
    if (selectTimer.current) clearTimeout(selectTimer.current);
    setSelection({
      conversationId: null,
      partner: {
        id: connection.id,
        name: connection.name ?? connection.username,
        avatar: connection.avatar,
        weaponSpecialty: connection.weaponSpecialty,
        detail: connection.title,
      },
    });
  };

  // `/messages?with=<userId>` (the Message button on a connection) opens that person's conversation.
  const [searchParams, setSearchParams] = useSearchParams();
  const withUserId = searchParams.get('with');
  useEffect(() => {
    if (!withUserId || !connectionsFetched || friendsStatus !== 'ready' || conversationsStatus !== 'ready') {
      return;
    }
    const existing = conversations.find((c) => c.otherUser.id === withUserId);
    const connection = friends.find((f) => f.id === withUserId);
    if (existing) selectConversation(existing);
    else if (connection) selectConnection(connection);
    setSearchParams({}, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once the lists are loaded
  }, [withUserId, connectionsFetched, friendsStatus, conversationsStatus]);

  const handleSend = async (content: string) => {
    if (!selection) return;
    const { partner } = selection;
    const isFirstMessage = conversationId === null;
    const newConversationId = await send(partner, conversationId, content);
    if (!isFirstMessage || !newConversationId) return;
    // The spec's first-message transition: the list refreshes, then the new conversation is selected.
    await loadConversations();
    if (selectTimer.current) clearTimeout(selectTimer.current);
    selectTimer.current = setTimeout(() => {
      setSelection((current) =>
        current?.partner.id === partner.id ? { partner, conversationId: newConversationId } : current,
      );
      setTab('chats');
    }, NEW_CONVERSATION_SELECT_DELAY_MS);
  };

  return (
    <section
      data-user-id={user.id}
      className="-mx-4 -my-6 flex h-[calc(100dvh-7.1rem)] min-h-[26rem] overflow-hidden border-slate-200 bg-white sm:mx-0 sm:my-0 sm:h-[calc(100dvh-11.5rem)] sm:rounded-2xl sm:border sm:shadow-sm md:h-[calc(100dvh-8rem)] dark:border-slate-800 dark:bg-slate-900"
    >
      {/* On a phone an open conversation hides the list and its heading; this one stands in for it. */}
      {selection ? <h1 className="sr-only md:hidden">{t('page.title')}</h1> : null}
      <aside
        aria-label={t('page.conversations')}
        className={`min-h-0 w-full flex-col border-slate-200 md:flex md:w-1/3 md:max-w-sm md:min-w-[17rem] md:border-r dark:border-slate-800 ${
          selection ? 'hidden' : 'flex'
        }`}
      >
        <ConversationSidebar
          userId={user.id}
          tab={tab}
          onTabChange={setTab}
          query={query}
          onQueryChange={setQuery}
          conversations={conversations}
          conversationsLoading={stillLoading(conversationsStatus)}
          conversationsFailed={conversationsStatus === 'error'}
          onRetryConversations={() => void loadConversations()}
          friends={friends}
          friendsLoading={stillLoading(friendsStatus)}
          selectedConversationId={conversationId}
          selectedPartnerId={selection?.partner.id ?? null}
          onSelectConversation={selectConversation}
          onSelectConnection={selectConnection}
        />
      </aside>
      <div className={`min-h-0 min-w-0 flex-1 flex-col ${selection ? 'flex' : 'hidden md:flex'}`}>
        {selection ? (
          <ConversationPane
            key={selection.partner.id}
            userId={user.id}
            partner={selection.partner}
            conversationId={conversationId}
            onSend={(content) => void handleSend(content)}
            onDeleted={() => setSelection(null)}
            onBack={() => setSelection(null)}
          />
        ) : (
          <NoConversationSelected />
        )}
      </div>
    </section>
  );
}
