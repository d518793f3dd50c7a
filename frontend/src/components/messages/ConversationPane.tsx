import type { Weapon } from '@piste/contracts';
import { ArrowLeft, Ban, MessagesSquare } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { stillLoading, useConnectionsStore } from '../../stores/connections';
import { draftKey, useIsTyping, useMessagesStore, type ChatPartner } from '../../stores/messages';
import { Avatar } from '../Avatar';
import { EmptyState } from '../EmptyState';
import { AvatarLink, ProfileLink } from '../fencer/ProfileLink';
import { WEAPON_FENCER } from '../fencer/weapon-fencer';
import { ConversationMenu } from './ConversationMenu';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';

export interface PanePartner extends ChatPartner {
  weaponSpecialty?: Weapon | null;
  detail?: string | null;
}

interface ConversationPaneProps {
  userId: string;
  partner: PanePartner;
  /** Null for a connection with no conversation yet: the first message creates it. */
  conversationId: string | null;
  onSend: (content: string) => void;
  onDeleted: () => void;
  onBack: () => void;
}

/** The right pane: the header with the menu, the messages, the typing indicator and the input. */
export function ConversationPane({
  userId,
  partner,
  conversationId,
  onSend,
  onDeleted,
  onBack,
}: ConversationPaneProps) {
  const { t } = useTranslation(['messages', 'common']);
  const threadKey = conversationId ?? draftKey(partner.id);
  const thread = useMessagesStore((s) => s.threads[threadKey]);
  const isBlocked = useConnectionsStore((s) => s.blocked.some((b) => b.id === partner.id));
  // Conversations name the partner without a username; a connection's entry has it (else the link goes by id).
  const username = useConnectionsStore((s) => s.connections.find((f) => f.id === partner.id)?.username);
  const isTyping = useIsTyping(partner.id);
  const openConversation = useMessagesStore((s) => s.openConversation);
  const setActiveConversation = useMessagesStore((s) => s.setActiveConversation);
  const loadOlder = useMessagesStore((s) => s.loadOlder);
  const retry = useMessagesStore((s) => s.retry);
  const discard = useMessagesStore((s) => s.discard);
  const typingInput = useMessagesStore((s) => s.typingInput);
  const stopTyping = useMessagesStore((s) => s.stopTyping);
  const deleteConversation = useMessagesStore((s) => s.deleteConversation);
  const block = useConnectionsStore((s) => s.block);
  const unblock = useConnectionsStore((s) => s.unblock);

  useEffect(() => {
    setActiveConversation(conversationId);
    if (conversationId) void openConversation(conversationId);
    return () => setActiveConversation(null);
  }, [conversationId, openConversation, setActiveConversation]);

  useEffect(() => () => stopTyping(), [threadKey, stopTyping]);

  const name = partner.name ?? t('common:unknownFencer');
  const subtitle = isTyping
    ? t('conversation.typing')
    : (partner.detail ?? (partner.weaponSpecialty ? t(WEAPON_FENCER[partner.weaponSpecialty]) : null));

  const handleDelete = async () => {
    if (conversationId && (await deleteConversation(conversationId))) onDeleted();
  };

  const messages = thread?.messages ?? [];
  const status = thread?.status ?? (conversationId ? 'loading' : 'ready');

  return (
    <section aria-label={t('conversation.label', { name })} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-3 sm:px-5 dark:border-slate-800 dark:bg-slate-900">
        <button
          type="button"
          onClick={onBack}
          aria-label={t('conversation.back')}
          className="-ml-1 flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <ArrowLeft aria-hidden className="size-5" />
        </button>
        {isBlocked ? (
          <Avatar avatar={partner.avatar} name={partner.name} />
        ) : (
          <AvatarLink user={{ ...partner, username }} label={name} />
        )}
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900 dark:text-slate-100">
            {isBlocked ? name : <ProfileLink user={{ id: partner.id, username }}>{name}</ProfileLink>}
          </h2>
          {subtitle ? (
            <p
              className={`truncate text-xs ${isTyping ? 'font-medium text-emerald-700 dark:text-emerald-400' : 'text-slate-500 dark:text-slate-400'}`}
            >
              {subtitle}
            </p>
          ) : null}
        </div>
        <ConversationMenu
          canDelete={!!conversationId}
          isBlocked={isBlocked}
          onDelete={() => void handleDelete()}
          onBlock={() => void block(partner.id)}
          onUnblock={() => void unblock(partner.id)}
        />
      </header>

      <MessageList
        threadKey={threadKey}
        userId={userId}
        messages={messages}
        loading={stillLoading(status)}
        failed={status === 'error'}
        hasOlder={thread?.hasOlder ?? false}
        loadingOlder={thread?.loadingOlder ?? false}
        onLoadOlder={() => {
          if (conversationId) void loadOlder(conversationId);
        }}
        onRetry={(clientId) => void retry(partner, threadKey, clientId)}
        onDiscard={(clientId) => discard(threadKey, clientId)}
        typingName={isTyping ? name : null}
        partnerName={name}
      />

      {isBlocked ? (
        <p className="flex items-center gap-2 border-t border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
          <Ban aria-hidden className="size-3.5 shrink-0" />
          {t('conversation.blocked', { name })}
        </p>
      ) : null}

      <MessageComposer
        threadKey={threadKey}
        onSend={onSend}
        onTyping={() => typingInput(partner.id, conversationId)}
        onStopTyping={stopTyping}
      />
    </section>
  );
}

/** The right pane before anything is chosen. */
export function NoConversationSelected() {
  const { t } = useTranslation(['messages', 'common']);
  return (
    <EmptyState
      icon={MessagesSquare}
      look="pane"
      heading
      title={t('noneSelected.title')}
      description={t('noneSelected.description')}
    />
  );
}
