import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useEditHistoryStore, type EditedItem } from '../stores/edit-history';
import { fullDateTime } from './PostByline';

// Fetched the first time someone asks for the earlier versions, then kept (the dialog closes, it is not removed).
const EditHistoryDialog = lazy(() =>
  import('./EditHistoryDialog').then((m) => ({ default: m.EditHistoryDialog })),
);

interface EditedMarkProps {
  item: EditedItem;
  /** When the author last edited it. */
  editedAt: string;
  className?: string;
}

/**
 * The small "edited" beside an edited post's or comment's time (DESIGN.md §4c): a button that opens the earlier
 * versions, newest first, each with when it was written.
 */
export function EditedMark({ item, editedAt, className = '' }: EditedMarkProps) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const load = useEditHistoryStore((s) => s.load);
  const { t } = useTranslation('feed');
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={t('edited.label')}
        title={t('edited.title', { time: fullDateTime(editedAt) })}
        onClick={() => {
          setOpen(true);
          setAsked(true);
          void load(item);
        }}
        className={`rounded-sm text-xs text-slate-500 underline decoration-dotted underline-offset-2 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-slate-400 dark:hover:text-slate-100 dark:focus-visible:outline-slate-300 ${className}`}
      >
        {t('edited.mark')}
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <EditHistoryDialog item={item} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
