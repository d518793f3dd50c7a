import type { ConnectionRequest } from '@piste/contracts';
import { Check, Clock, Inbox, Send, X } from 'lucide-react';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { PersonListSkeleton } from './PersonListSkeleton';
import { PersonCard, Tag } from './PersonCard';
import { timeAgo } from '../../lib/relative-time';

interface IncomingProps {
  requests: ConnectionRequest[];
  loading: boolean;
  busy: Record<string, true>;
  onRespond: (request: ConnectionRequest, status: 'accepted' | 'declined') => void;
}

/** Connection Requests: incoming pending requests with Accept and Decline. */
export function IncomingRequestList({ requests, loading, busy, onRespond }: IncomingProps) {
  if (loading && requests.length === 0) return <PersonListSkeleton />;
  if (requests.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title="No pending requests"
        description="When fencers ask to connect with you, their requests show up here."
      />
    );
  }
  return (
    <ul className="space-y-3" aria-label="Connection requests">
      {requests.map((request) => {
        const name = request.sender.name ?? request.sender.username ?? 'this fencer';
        const isBusy = !!busy[request.id];
        return (
          <PersonCard
            key={request.id}
            person={request.sender}
            note={`Wants to connect · ${timeAgo(request.createdAt, 'minutes')}`}
            actions={
              <>
                <Button
                  onClick={() => onRespond(request, 'accepted')}
                  disabled={isBusy}
                  aria-label={`Accept connection request from ${name}`}
                  className="flex-1 sm:flex-none"
                >
                  <Check aria-hidden className="size-4" />
                  Accept
                </Button>
                <Button
                  variant="outline"
                  onClick={() => onRespond(request, 'declined')}
                  disabled={isBusy}
                  aria-label={`Decline connection request from ${name}`}
                  className="flex-1 sm:flex-none"
                >
                  <X aria-hidden className="size-4" />
                  Decline
                </Button>
              </>
            }
          />
        );
      })}
    </ul>
  );
}

interface SentProps {
  requests: ConnectionRequest[];
  loading: boolean;
  busy: Record<string, true>;
  onCancel: (request: ConnectionRequest) => void;
}

/** Sent Connection Requests: outgoing pending requests, each of which can be withdrawn. */
export function SentRequestList({ requests, loading, busy, onCancel }: SentProps) {
  if (loading && requests.length === 0) return <PersonListSkeleton />;
  if (requests.length === 0) {
    return (
      <EmptyState
        icon={Send}
        title="No outgoing requests"
        description="Requests you send are listed here until they are answered."
      />
    );
  }
  return (
    <ul className="space-y-3" aria-label="Sent connection requests">
      {requests.map((request) => {
        const name = request.receiver.name ?? request.receiver.username ?? 'this fencer';
        return (
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
                aria-label={`Withdraw connection request to ${name}`}
                className="w-full sm:w-auto"
              >
                Withdraw
              </Button>
            }
          />
        );
      })}
    </ul>
  );
}
