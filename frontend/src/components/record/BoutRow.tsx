import type { Bout } from '@piste/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { weaponLabel } from '../../lib/weapons';
import { ProfileLink } from '../fencer/ProfileLink';
import { BOUT_KIND_LABELS, boutDate, opponentNameOf, scoreText } from './record-format';
import { RatingBadge } from './RatingBadge';

/** Who is looking at a bout on a fencer's page, and whose page it is. */
export interface BoutViewer {
  viewerId: string;
  /** The page is the viewer's own. */
  own: boolean;
  /** The page's fencer, as the chips name them. */
  fencerName: string;
}

/** What the viewer may do with a bout, and whose answer it waits for. */
export interface BoutStanding {
  /** The viewer is the other fencer of an unconfirmed bout: Confirm and Dispute. */
  mayAnswer: boolean;
  /** The viewer logged it: Delete. */
  mayDelete: boolean;
  /** Who has to confirm it (the viewer, or the fencer named), while it is unconfirmed. */
  waitingFor: { viewer: true } | { viewer: false; name: string } | null;
}

/**
 * The viewer's part in a bout of the page's fencer (read from that fencer's side): on their own page the viewer
 * is that fencer; on another's page they may be the opponent.
 */
export function boutStanding(bout: Bout, { viewerId, own, fencerName }: BoutViewer): BoutStanding {
  const viewerIsOpponent = !own && bout.opponent?.id === viewerId;
  const viewerLogged = own ? bout.loggedBy === 'self' : viewerIsOpponent && bout.loggedBy === 'opponent';
  const viewerIn = own || viewerIsOpponent;
  const unconfirmed = bout.status === 'unconfirmed';
  // The one who did not log it answers: the page's fencer when the opponent logged it, else the opponent.
  const answererIsFencer = bout.loggedBy === 'opponent';
  const answererIsViewer = answererIsFencer ? own : viewerIsOpponent;
  return {
    mayAnswer: unconfirmed && viewerIn && answererIsViewer,
    mayDelete: viewerLogged,
    waitingFor: !unconfirmed
      ? null
      : answererIsViewer
        ? { viewer: true }
        : { viewer: false, name: answererIsFencer ? fencerName : opponentNameOf(bout) },
  };
}

const chipClasses =
  'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** A bout's status as a chip: waiting for an answer, or disputed; nothing once it counts. */
function StatusChip({ bout, waitingFor }: { bout: Bout; waitingFor: BoutStanding['waitingFor'] }) {
  const { t } = useTranslation(['people', 'common']);
  if (bout.status === 'disputed') {
    return (
      <span
        data-testid="bout-status"
        className={`${chipClasses} bg-red-50 text-red-700 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800`}
      >
        {t('record.bout.disputed')}
      </span>
    );
  }
  if (bout.status === 'unconfirmed' && waitingFor) {
    return (
      <span
        data-testid="bout-status"
        className={`${chipClasses} bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800`}
      >
        {waitingFor.viewer
          ? t('record.bout.waitingForYou')
          : t('record.bout.waitingFor', { name: waitingFor.name })}
      </span>
    );
  }
  return null;
}

/** V or D, as a pool sheet marks a bout, with the word for screen readers. */
function ResultMark({ won }: { won: boolean }) {
  const { t } = useTranslation(['people', 'common']);
  const word = won ? t('record.bout.victory') : t('record.bout.defeat');
  return (
    <span
      title={word}
      className={`inline-flex size-6 shrink-0 items-center justify-center rounded-md text-xs font-bold ${
        won
          ? 'bg-emerald-700 text-white dark:bg-emerald-600'
          : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100'
      }`}
    >
      <span aria-hidden>{won ? t('record.bout.victoryMark') : t('record.bout.defeatMark')}</span>
      <span className="sr-only">{word}</span>
    </span>
  );
}

interface BoutRowProps {
  bout: Bout;
  standing?: BoutStanding;
  /** Leaves the opponent out (the head-to-head: always the same fencer). */
  showOpponent?: boolean;
  /** Confirm, Dispute or Delete, as the viewer may. */
  actions?: ReactNode;
}

/** One bout: its day, weapon and kind; the score with V or D; the opponent; its status; notes; actions. */
export function BoutRow({ bout, standing, showOpponent = true, actions }: BoutRowProps) {
  const { t } = useTranslation(['people', 'common']);
  return (
    <li data-testid="bout" data-bout-id={bout.id} className="py-3 first:pt-0 last:pb-0">
      <p className="text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={bout.date}>{boutDate(bout.date)}</time>
        <span aria-hidden> · </span>
        {weaponLabel(bout.weapon)}
        <span aria-hidden> · </span>
        {t(BOUT_KIND_LABELS[bout.kind])}
      </p>
      <div className="mt-1 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <ResultMark won={bout.won} />
        <span data-testid="bout-score" className="font-semibold text-slate-900 tabular-nums dark:text-white">
          {scoreText(bout)}
        </span>
        {showOpponent ? (
          <span className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
            <span>{t('record.bout.versus')}</span>{' '}
            {bout.opponent ? (
              <ProfileLink
                user={bout.opponent}
                className="min-w-0 truncate font-semibold text-slate-900 dark:text-slate-100"
              >
                {opponentNameOf(bout)}
              </ProfileLink>
            ) : (
              <span className="min-w-0 truncate font-semibold text-slate-900 dark:text-slate-100">
                {opponentNameOf(bout)}
              </span>
            )}
            <RatingBadge rating={bout.opponent?.rating} />
          </span>
        ) : null}
      </div>
      {standing ? (
        <div className="mt-1.5 empty:hidden">
          <StatusChip bout={bout} waitingFor={standing.waitingFor} />
        </div>
      ) : null}
      {bout.notes ? (
        <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-600 dark:text-slate-300">
          {bout.notes}
        </p>
      ) : null}
      {actions ? <div className="mt-2 flex flex-wrap gap-2">{actions}</div> : null}
    </li>
  );
}
