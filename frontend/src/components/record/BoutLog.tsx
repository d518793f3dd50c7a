import { WEAPONS, type Bout, type Weapon } from '@piste/contracts';
import { ListOrdered } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { weaponLabel } from '../../lib/weapons';
import { useLocation } from '../../lib/router';
import { useFencerRecordStore } from '../../stores/fencer-record';
import { Button } from '../Button';
import { ConfirmDialog } from '../ConfirmDialog';
import { LoadMoreButton } from '../PostList';
import { BoutRow, boutStanding, type BoutViewer } from './BoutRow';
import { opponentNameOf, scoreText } from './record-format';
import { RECORD_CARD_CLASSES, RecordCardTitle } from './RecordCardTitle';

/** The address of the bout log on a fencer's page, as the bout notifications link to it. */
export const BOUTS_ANCHOR = 'bouts';

type Asking = { bout: Bout; action: 'dispute' | 'delete' } | null;

/** The bout as the viewer fenced it: their touches first, and the fencer they fenced. */
function viewerSide(bout: Bout, viewer: BoutViewer): { score: string; against: string } {
  return viewer.own
    ? { score: scoreText(bout), against: opponentNameOf(bout) }
    : {
        score: scoreText({ scoreFor: bout.scoreAgainst, scoreAgainst: bout.scoreFor }),
        against: viewer.fencerName,
      };
}

/**
 * The fencer's bouts, newest first, of one weapon or all, with Load More: the viewer confirms or disputes those
 * logged against them and deletes those they logged (both after a question, for what cannot be undone).
 */
export function BoutLog({ viewer }: { viewer: BoutViewer }) {
  const { t } = useTranslation(['people', 'common']);
  const bouts = useFencerRecordStore((s) => s.bouts);
  const weapon = useFencerRecordStore((s) => s.weapon);
  const cursor = useFencerRecordStore((s) => s.boutsCursor);
  const loadingMore = useFencerRecordStore((s) => s.loadingMore);
  const busy = useFencerRecordStore((s) => s.busy);
  const { showWeapon, loadMore, answer, remove } = useFencerRecordStore.getState();
  const [asking, setAsking] = useState<Asking>(null);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // Followed from a bout notification (…#bouts): the log comes into view once it is there.
  useEffect(() => {
    if (hash === `#${BOUTS_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const asked = asking ? viewerSide(asking.bout, viewer) : null;
  return (
    <section
      ref={section}
      id={BOUTS_ANCHOR}
      aria-labelledby="bouts-title"
      data-testid="bout-log"
      className={`scroll-mt-20 ${RECORD_CARD_CLASSES}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RecordCardTitle id="bouts-title" icon={ListOrdered}>
          {t('record.log.title')}
        </RecordCardTitle>
        <select
          aria-label={t('record.log.weapon')}
          value={weapon ?? ''}
          onChange={(event) => void showWeapon((event.target.value || null) as Weapon | null)}
          className="rounded-lg border border-slate-300 bg-white py-1 pr-7 pl-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <option value="">{t('record.log.allWeapons')}</option>
          {WEAPONS.map((option) => (
            <option key={option} value={option}>
              {weaponLabel(option)}
            </option>
          ))}
        </select>
      </div>

      {bouts.length === 0 ? (
        <p data-testid="bouts-empty" className="mt-3 text-sm text-slate-500 dark:text-slate-400">
          {weapon
            ? t('record.log.emptyWeapon', { weapon: weaponLabel(weapon) })
            : viewer.own
              ? t('record.log.emptyOwn')
              : t('record.log.empty')}
        </p>
      ) : (
        <ul
          aria-label={t('record.log.title')}
          className="mt-3 divide-y divide-slate-100 dark:divide-slate-800"
        >
          {bouts.map((bout) => {
            const standing = boutStanding(bout, viewer);
            const pending = busy.includes(bout.id);
            return (
              <BoutRow
                key={bout.id}
                bout={bout}
                standing={standing}
                actions={
                  standing.mayAnswer || standing.mayDelete ? (
                    <>
                      {standing.mayAnswer ? (
                        <>
                          <Button
                            className="px-3 py-1.5"
                            disabled={pending}
                            onClick={() => void answer(bout, true)}
                          >
                            {t('record.log.confirm')}
                          </Button>
                          <Button
                            variant="outline"
                            className="px-3 py-1.5"
                            disabled={pending}
                            onClick={() => setAsking({ bout, action: 'dispute' })}
                          >
                            {t('record.log.dispute')}
                          </Button>
                        </>
                      ) : null}
                      {standing.mayDelete ? (
                        <Button
                          variant="outline"
                          className="px-3 py-1.5"
                          aria-label={t('record.log.deleteLabel', viewerSide(bout, viewer))}
                          disabled={pending}
                          onClick={() => setAsking({ bout, action: 'delete' })}
                        >
                          {t('record.log.delete')}
                        </Button>
                      ) : null}
                    </>
                  ) : null
                }
              />
            );
          })}
        </ul>
      )}
      {cursor ? (
        <div className="mt-3 flex justify-center">
          <LoadMoreButton
            loading={loadingMore}
            onClick={() => void loadMore()}
            label={t('record.log.loadMore')}
          />
        </div>
      ) : null}

      <ConfirmDialog
        open={asking?.action === 'dispute'}
        title={t('record.log.disputeDialog.title')}
        description={asked ? t('record.log.disputeDialog.description', asked) : ''}
        confirmLabel={t('record.log.dispute')}
        destructive
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void answer(asking.bout, false);
          setAsking(null);
        }}
      />
      <ConfirmDialog
        open={asking?.action === 'delete'}
        title={t('record.log.deleteDialog.title')}
        description={
          asking && asked
            ? asking.bout.opponent
              ? t('record.log.deleteDialog.bothRecords', asked)
              : t('record.log.deleteDialog.ownRecord', asked)
            : ''
        }
        confirmLabel={t('record.log.delete')}
        destructive
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void remove(asking.bout);
          setAsking(null);
        }}
      />
    </section>
  );
}
