import type { ConnectionRequest } from '@piste/contracts';
import { Clock, Inbox, Send, X } from 'lucide-react';
import { timeAgo } from '../../lib/relative-time';
import { nameOf } from '../../stores/connections';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { PersonCard, Tag } from './PersonCard';
import { AcceptRequestButton, PersonList } from './PersonList';

const noIncomingRequests = (
  <EmptyState
    icon={Inbox}
    title="No pending requests"
    description="When fencers ask to connect with you, their requests show up here."
  />
);

const noSentRequests = (
  <EmptyState
    icon={Send}
    title="No outgoing requests"
    description="Requests you send are listed here until they are answered."
  />
);

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
  return (
    <PersonList people={requests} loading={loading} label="Connection requests" empty={noIncomingRequests}>
      {(request) => (
        <PersonCard
          key={request.id}
          person={request.sender}
          note={`Wants to connect · ${timeAgo(request.createdAt, 'minutes')}`}
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
                aria-label={`Decline connection request from ${nameOf(request.sender)}`}
                className="flex-1 sm:flex-none"
              >
                <X aria-hidden className="size-4" />
                Decline
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
  return (
    <PersonList people={requests} loading={loading} label="Sent connection requests" empty={noSentRequests}>
      {(request) => (
        <PersonCard
          key={request.id}
          person={request.receiver}
          tag={
            <Tag tone="amber">
              <Clock aria-hidden className="mr-1 inline size-3 align-[-1px]" />
              Pending
            </Tag>
          }
          note={`Sent ${timeAgo(request.createdAt, 'minutes').toLowerCase()}`}
          actions={
            <Button
              variant="outline"
              onClick={() => onCancel(request)}
              disabled={!!busy[request.id]}
              aria-label={`Withdraw connection request to ${nameOf(request.receiver)}`}
              className="w-full sm:w-auto"
            >
              Withdraw
            </Button>
          }
        />
      )}
    </PersonList>
  );
}
