import type { ConnectionUser, Conversation } from '@piste/contracts';
import { MessageSquarePlus, Search, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../Avatar';
import { HomeButton } from '../HomeButton';
import { SegmentedTabs, TabPanel } from '../Tabs';
import { timeAgo, useNow } from '../../lib/relative-time';
import { WEAPON_FENCER } from '../fencer/weapon-fencer';
import { nameMatches } from './name-filter';

export type SidebarTab = 'chats' | 'connections';

interface ConversationSidebarProps {
  userId: string;
  tab: SidebarTab;
  onTabChange: (tab: SidebarTab) => void;
  query: string;
  onQueryChange: (query: string) => void;
  conversations: Conversation[];
  conversationsLoading: boolean;
  conversationsFailed: boolean;
  onRetryConversations: () => void;
  friends: ConnectionUser[];
  friendsLoading: boolean;
  selectedConversationId: string | null;
  selectedPartnerId: string | null;
  onSelectConversation: (conversation: Conversation) => void;
  onSelectConnection: (connection: ConnectionUser) => void;
}

/** The left third of the Messages page: Home, search, and the Chats / Connections tabs. */
export function ConversationSidebar(props: ConversationSidebarProps) {
  const { tab, onTabChange, query, onQueryChange } = props;
  const baseId = useId();
  const { t } = useTranslation(['messages', 'common']);
  const tabs: { id: SidebarTab; label: string }[] = [
    { id: 'chats', label: t('sidebar.tabs.chats') },
    { id: 'connections', label: t('sidebar.tabs.connections') },
  ];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="space-y-4 border-b border-slate-200 p-4 dark:border-slate-800">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-xl font-bold tracking-tight text-slate-900 dark:text-slate-100">
            {t('page.title')}
          </h1>
          <HomeButton />
        </div>
        <label className="relative block">
          <span className="sr-only">{t('sidebar.search')}</span>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400 dark:text-slate-500"
          />
          <input
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder={t('sidebar.searchPlaceholder')}
            className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 dark:placeholder:text-slate-400 focus:border-slate-400 focus:bg-white focus:ring-2 focus:ring-slate-200 focus:outline-none dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-100 dark:focus:border-slate-500 dark:focus:bg-slate-900 dark:focus:ring-slate-700"
          />
        </label>
        <SegmentedTabs
          label={t('page.conversations')}
          tabs={tabs}
          selected={tab}
          onSelect={onTabChange}
          idPrefix={baseId}
          size="compact"
        />
      </div>

      <TabPanel idPrefix={baseId} tab={tab} className="min-h-0 flex-1 overflow-y-auto">
        {tab === 'chats' ? <ChatsList {...props} /> : <ConnectionsList {...props} />}
      </TabPanel>
    </div>
  );
}

function ChatsList({
  userId,
  query,
  conversations,
  conversationsLoading,
  conversationsFailed,
  onRetryConversations,
  selectedConversationId,
  onSelectConversation,
}: ConversationSidebarProps) {
  const now = useNow();
  const { t } = useTranslation(['messages', 'common']);
  if (conversations.length === 0) {
    if (conversationsLoading) return <ListNote>{t('sidebar.loadingConversations')}</ListNote>;
    if (conversationsFailed) {
      return (
        <ListNote>
          {t('sidebar.conversationsFailed')}{' '}
          <button
            type="button"
            onClick={onRetryConversations}
            className="font-semibold text-slate-900 underline dark:text-slate-100"
          >
            {t('common:actions.tryAgain')}
          </button>
        </ListNote>
      );
    }
    return (
      <EmptyList icon={<MessageSquarePlus aria-hidden className="size-6" />}>
        {t('sidebar.noConversations')}
      </EmptyList>
    );
  }
  const shown = conversations.filter((c) => nameMatches(c.otherUser.name, query));
  if (shown.length === 0) {
    return <ListNote>{t('sidebar.noConversationsMatch', { query: query.trim() })}</ListNote>;
  }

  return (
    <ul aria-label={t('sidebar.tabs.chats')} className="divide-y divide-slate-100 dark:divide-slate-800">
      {shown.map((conversation) => {
        const { otherUser, lastMessage, unreadCount } = conversation;
        const selected = conversation.id === selectedConversationId;
        const preview = lastMessage
          ? lastMessage.senderId === userId
            ? t('sidebar.ownPreview', { content: lastMessage.content })
            : lastMessage.content
          : t('sidebar.noMessagesYet');
        return (
          <SidebarRow
            key={conversation.id}
            selected={selected}
            onSelect={() => onSelectConversation(conversation)}
            testId="conversation-item"
          >
            <Avatar avatar={otherUser.avatar} name={otherUser.name} />
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline justify-between gap-2">
                <span
                  className={`truncate text-sm ${unreadCount > 0 ? 'font-bold' : 'font-semibold'} text-slate-900 dark:text-slate-100`}
                >
                  {otherUser.name ?? t('common:unknownFencer')}
                </span>
                {conversation.lastMessageAt ? (
                  <time
                    dateTime={conversation.lastMessageAt}
                    className="shrink-0 text-xs text-slate-600 dark:text-slate-400"
                  >
                    {timeAgo(conversation.lastMessageAt, 'compact', now)}
                  </time>
                ) : null}
              </span>
              <span className="mt-0.5 flex items-center justify-between gap-2">
                <span
                  className={`truncate text-sm ${unreadCount > 0 ? 'font-medium text-slate-900 dark:text-slate-100' : 'text-slate-600 dark:text-slate-400'}`}
                >
                  {preview}
                </span>
                {unreadCount > 0 ? (
                  <span
                    data-testid="unread-count"
                    aria-label={t('sidebar.unread', { count: unreadCount })}
                    className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-blue-600 px-1.5 text-[11px] font-bold text-white"
                  >
                    {unreadCount > 99 ? '99+' : unreadCount}
                  </span>
                ) : null}
              </span>
            </span>
          </SidebarRow>
        );
      })}
    </ul>
  );
}

function ConnectionsList({
  query,
  friends,
  friendsLoading,
  selectedPartnerId,
  onSelectConnection,
}: ConversationSidebarProps) {
  const { t } = useTranslation(['messages', 'common']);
  if (friends.length === 0) {
    if (friendsLoading) return <ListNote>{t('sidebar.loadingConnections')}</ListNote>;
    return (
      <EmptyList icon={<Users aria-hidden className="size-6" />} hint={t('sidebar.noConnectionsHint')}>
        {t('sidebar.noConnections')}
      </EmptyList>
    );
  }
  const shown = friends.filter((f) => nameMatches(f.name ?? f.username, query));
  if (shown.length === 0) {
    return <ListNote>{t('sidebar.noConnectionsMatch', { query: query.trim() })}</ListNote>;
  }

  return (
    <ul
      aria-label={t('sidebar.tabs.connections')}
      className="divide-y divide-slate-100 dark:divide-slate-800"
    >
      {shown.map((friend) => {
        const selected = friend.id === selectedPartnerId;
        const detail =
          friend.title ??
          (friend.weaponSpecialty ? t(WEAPON_FENCER[friend.weaponSpecialty]) : `@${friend.username}`);
        return (
          <SidebarRow
            key={friend.id}
            selected={selected}
            onSelect={() => onSelectConnection(friend)}
            testId="connection-item"
          >
            <Avatar avatar={friend.avatar} name={friend.name ?? friend.username} />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold text-slate-900 dark:text-slate-100">
                {friend.name ?? friend.username}
              </span>
              <span className="block truncate text-sm text-slate-500 dark:text-slate-400">{detail}</span>
            </span>
            <MessageSquarePlus aria-hidden className="size-4 shrink-0 text-slate-400 dark:text-slate-500" />
          </SidebarRow>
        );
      })}
    </ul>
  );
}

function ListNote({ children }: { children: ReactNode }) {
  return <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">{children}</p>;
}

function EmptyList({ icon, children, hint }: { icon: ReactNode; children: ReactNode; hint?: string }) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        {icon}
      </span>
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{children}</p>
      {hint ? <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}

interface SidebarRowProps {
  selected: boolean;
  onSelect: () => void;
  testId: string;
  children: ReactNode;
}

/** One row of the sidebar's lists: a conversation or a connection, highlighted while it is open. */
function SidebarRow({ selected, onSelect, testId, children }: SidebarRowProps) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        data-testid={testId}
        className={`flex w-full items-center gap-3 px-4 py-3 text-left transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300 ${
          selected ? 'bg-slate-100 dark:bg-slate-800' : 'hover:bg-slate-50 dark:hover:bg-slate-800'
        }`}
      >
        {children}
      </button>
    </li>
  );
}
