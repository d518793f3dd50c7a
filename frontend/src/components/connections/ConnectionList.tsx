import type { BlockedUser, ConnectionUser } from '@piste/contracts';
import { MessageCircle, UserPlus, Users } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { Button } from '../Button';
import { ConnectionMenu } from './ConnectionMenu';
import { nameOf, type NamedFencer } from '../../stores/connections';
import { EmptyState } from '../EmptyState';
import { PersonCard, Tag } from './PersonCard';
import { PersonList, UnblockButton } from './PersonList';

interface ConnectionListProps {
  connections: ConnectionUser[];
  loading: boolean;
  busy: Record<string, true>;
  onDiscover: () => void;
  onRemove: (user: ConnectionUser) => void;
  onBlock: (user: ConnectionUser) => void;
  onUnblock: (user: NamedFencer & { id: string }) => void;
}

/** Your Connections: each connection with Message and a menu (remove, block or unblock). */
export function ConnectionList({
  connections,
  loading,
  busy,
  onDiscover,
  onRemove,
  onBlock,
  onUnblock,
}: ConnectionListProps) {
  const { t } = useTranslation('people');
  return (
    <PersonList
      people={connections}
      loading={loading}
      label={t('connections.list.label')}
      empty={
        <EmptyState
          icon={Users}
          title={t('connections.list.empty.title')}
          description={t('connections.list.empty.description')}
          action={
            <Button onClick={onDiscover}>
              <UserPlus aria-hidden className="size-4" />
              {t('connections.list.empty.discover')}
            </Button>
          }
        />
      }
    >
      {(user) => (
        <PersonCard
          key={user.id}
          person={user}
          linked={!user.isBlocked}
          tag={user.isBlocked ? <Tag tone="red">{t('connections.blocked')}</Tag> : null}
          actions={
            <>
              {user.isBlocked ? (
                <UnblockButton
                  onClick={() => onUnblock(user)}
                  disabled={!!busy[user.id]}
                  className="flex-1 sm:flex-none"
                />
              ) : (
                <Link
                  to={`/messages?with=${encodeURIComponent(user.id)}`}
                  className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm font-semibold text-slate-700 shadow-sm transition hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 sm:flex-none dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:focus-visible:outline-slate-300"
                >
                  <MessageCircle aria-hidden className="size-4" />
                  {t('connectionAction.message')}
                </Link>
              )}
              <ConnectionMenu
                name={nameOf(user)}
                isBlocked={!!user.isBlocked}
                disabled={!!busy[user.id]}
                onRemove={() => onRemove(user)}
                onBlock={() => onBlock(user)}
                onUnblock={() => onUnblock(user)}
              />
            </>
          }
        />
      )}
    </PersonList>
  );
}

interface BlockedListProps {
  blocked: BlockedUser[];
  busy: Record<string, true>;
  onUnblock: (user: BlockedUser) => void;
}

/** The users you blocked who are not among your connections, so they can be unblocked too. */
export function BlockedList({ blocked, busy, onUnblock }: BlockedListProps) {
  const { t } = useTranslation('people');
  if (blocked.length === 0) return null;
  return (
    <section aria-labelledby="blocked-users-title" className="mt-8">
      <h2
        id="blocked-users-title"
        className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
      >
        {t('connections.blockedUsers', { count: blocked.length })}
      </h2>
      <ul className="space-y-3">
        {blocked.map((user) => (
          <PersonCard
            key={user.id}
            person={user}
            linked={false}
            tag={<Tag tone="red">{t('connections.blocked')}</Tag>}
            actions={
              <UnblockButton
                name={nameOf(user)}
                onClick={() => onUnblock(user)}
                disabled={!!busy[user.id]}
                className="w-full sm:w-auto"
              />
            }
          />
        ))}
      </ul>
    </section>
  );
}
