import type { ConnectionRequest } from '@piste/contracts';
import { Clock, Inbox, Send, X } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { intlLocale } from '../../i18n/languages';
import { timeAgo } from '../../lib/relative-time';
import { nameOf } from '../../stores/connections';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { PersonCard, Tag } from './PersonCard';
import { AcceptRequestButton, PersonList } from './PersonList';

function NoIncomingRequests() {
  const { t } = useTranslation('people');
  return (
    <EmptyState
      icon={Inbox}
      title={t('connections.requests.empty.title')}
      description={t('connections.requests.empty.description')}
    />
  );
}

function NoSentRequests() {
  const { t } = useTranslation('people');
  return (
    <EmptyState
      icon={Send}
      title={t('connections.sent.empty.title')}
      description={t('connections.sent.empty.description')}
    />
  );
}

interface RequestListProps {
  requests: ConnectionRequest[];
  loading: boolean;
  busy: Record<string, true>;
}

interface IncomingProps extends RequestListProps {
  onRespond: (request: ConnectionRequest, status: 'accepted' | 'declined') => void;
}

/** Connection Requests: incoming pending requests with Accept and Decline. */
export function IncomingRequestList({ requests, loading, busy, onRespond }: IncomingProps) {
  const { t } = useTranslation('people');
  return (
    <PersonList
      people={requests}
      loading={loading}
      label={t('connections.requests.label')}
      empty={<NoIncomingRequests />}
    >
      {(request) => (
        <PersonCard
          key={request.id}
          person={request.sender}
          note={t('connections.requests.note', { time: timeAgo(request.createdAt, 'minutes') })}
          actions={
            <>
              <AcceptRequestButton
                name={nameOf(request.sender)}
                onClick={() => onRespond(request, 'accepted')}
                disabled={!!busy[request.id]}
                className="flex-1 sm:flex-none"
              />
              <Button
                variant="outline"
                onClick={() => onRespond(request, 'declined')}
                disabled={!!busy[request.id]}
                aria-label={t('connections.requests.declineLabel', { name: nameOf(request.sender) })}
                className="flex-1 sm:flex-none"
              >
                <X aria-hidden className="size-4" />
                {t('connectionAction.decline')}
              </Button>
            </>
          }
        />
      )}
    </PersonList>
  );
}

interface SentProps extends RequestListProps {
  onCancel: (request: ConnectionRequest) => void;
}

/** Sent Connection Requests: outgoing pending requests, each of which can be withdrawn. */
export function SentRequestList({ requests, loading, busy, onCancel }: SentProps) {
  const { t } = useTranslation('people');
  return (
    <PersonList
      people={requests}
      loading={loading}
      label={t('connections.sent.label')}
      empty={<NoSentRequests />}
    >
      {(request) => (
        <PersonCard
          key={request.id}
          person={request.receiver}
          tag={
            <Tag tone="amber">
              <Clock aria-hidden className="mr-1 inline size-3 align-[-1px]" />
              {t('connectionAction.pending')}
            </Tag>
          }
          note={t('connections.sent.note', {
            time: timeAgo(request.createdAt, 'minutes').toLocaleLowerCase(intlLocale()),
          })}
          actions={
            <Button
              variant="outline"
              onClick={() => onCancel(request)}
              disabled={!!busy[request.id]}
              aria-label={t('connections.sent.withdrawLabel', { name: nameOf(request.receiver) })}
              className="w-full sm:w-auto"
            >
              {t('connectionAction.withdraw')}
            </Button>
          }
        />
      )}
    </PersonList>
  );
}
