import type { CommentVersion, PostVersion } from '@piste/contracts';
import i18next from 'i18next';
import { History, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { intlLocale } from '../i18n/languages';
import { timeAgo } from '../lib/relative-time';
import { historyKey, useEditHistoryStore, type EditedItem } from '../stores/edit-history';
import { Button } from './Button';
import { ModalDialog } from './ModalDialog';

interface EditHistoryDialogProps {
  item: EditedItem;
  open: boolean;
  onClose: () => void;
}

/** The earlier versions of a post or comment, newest first, each with when it was written. */
export function EditHistoryDialog({ item, open, onClose }: EditHistoryDialogProps) {
  const history = useEditHistoryStore((s) => s.histories[historyKey(item)]);
  const load = useEditHistoryStore((s) => s.load);
  const titleId = useId();
  const descriptionId = useId();
  const { t } = useTranslation(['feed', 'common']);

  return (
    <ModalDialog open={open} onCancel={onClose} labelledBy={titleId} describedBy={descriptionId}>
      <div className="p-5 sm:p-6" data-testid="edit-history">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
          <History aria-hidden className="size-5" />
          {t('editHistory.title')}
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {item.kind === 'post' ? t('editHistory.descriptionPost') : t('editHistory.descriptionComment')}
        </p>
        <div className="mt-4 max-h-[60vh] overflow-y-auto">
          {!history || history.status === 'loading' ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
              <LoaderCircle aria-hidden className="size-4 animate-spin" /> {t('editHistory.loading')}
            </p>
          ) : history.status === 'error' ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t('editHistory.loadFailed')}{' '}
              <button type="button" className="font-semibold underline" onClick={() => void load(item)}>
                {t('common:actions.tryAgain')}
              </button>
            </p>
          ) : history.versions.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('editHistory.empty')}</p>
          ) : (
            <ol className="space-y-3">
              {history.versions.map((version) => (
                <VersionItem key={version.writtenAt} version={version} />
              ))}
            </ol>
          )}
        </div>
        <div className="mt-5 flex justify-end">
          <Button variant="outline" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

const DETAIL_LABELS = {
  duration: 'feed:post.details.duration',
  level: 'feed:post.details.level',
  equipment: 'feed:post.details.equipment',
  focus: 'feed:post.details.focus',
  place: 'feed:post.details.place',
  score: 'feed:post.details.score',
  competition: 'feed:post.details.competition',
  competitors: 'feed:post.details.competitors',
} as const;

function detailLabel(key: string): string {
  return Object.hasOwn(DETAIL_LABELS, key)
    ? i18next.t(DETAIL_LABELS[key as keyof typeof DETAIL_LABELS])
    : key;
}

/** A version's details as one line, e.g. "Level: Beginner · Focus: Distance"; empty when it had none. */
function detailsLine(version: PostVersion | CommentVersion): string {
  if (!('drillDetails' in version)) return '';
  const details = { ...version.drillDetails, ...version.achievementDetails };
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) =>
      i18next.t('feed:editHistory.detail', { label: detailLabel(key), value: String(value) }),
    )
    .join(' · ');
}

function exactTime(iso: string): string {
  return new Date(iso).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });
}

function VersionItem({ version }: { version: PostVersion | CommentVersion }) {
  const details = detailsLine(version);
  const mediaAlt = 'mediaAlt' in version ? version.mediaAlt : null;
  const { t } = useTranslation('feed');
  return (
    <li
      data-testid="edit-history-version"
      className="rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-800/60"
    >
      {/* The exact time: several versions may share a relative one ("5 minutes ago"). */}
      <p className="text-xs font-semibold text-slate-500 dark:text-slate-400">
        <time dateTime={version.writtenAt}>{exactTime(version.writtenAt)}</time>
        <span aria-hidden> · </span>
        {timeAgo(version.writtenAt, 'minutes')}
      </p>
      <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
        {version.content}
      </p>
      {details ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{details}</p> : null}
      {mediaAlt ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {t('editHistory.imageDescription', { text: mediaAlt })}
        </p>
      ) : null}
    </li>
  );
}
