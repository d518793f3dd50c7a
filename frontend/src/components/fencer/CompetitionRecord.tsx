import type { CompetitionEntry } from '@piste/contracts';
import { Medal, Target, Trophy, Users } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { intlLocale } from '../../i18n/languages';

interface CompetitionRecordProps {
  entries: CompetitionEntry[];
  /** The record is the viewer's own: the empty state invites a first result. */
  isOwn: boolean;
  name: string;
  className?: string;
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(intlLocale(), { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * The fencer's competition record as a timeline, newest first: each result's date, competition, place, score
 * and field size; then the achievements listed on the profile, which have no date.
 */
export function CompetitionRecord({ entries, isOwn, name, className = '' }: CompetitionRecordProps) {
  const { t } = useTranslation('people');
  return (
    <section
      aria-labelledby="record-title"
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2
          id="record-title"
          className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
        >
          <Trophy aria-hidden className="size-4 text-amber-500 dark:text-amber-400" />
          {t('competitions.title')}
        </h2>
        {entries.length ? (
          <span className="text-xs font-medium text-slate-500 dark:text-slate-400">
            {t('competitions.results', { count: entries.length })}
          </span>
        ) : null}
      </div>

      {entries.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center dark:border-slate-700">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('competitions.empty.title')}
          </p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            {isOwn ? t('competitions.empty.own') : t('competitions.empty.other', { name })}
          </p>
          {isOwn ? (
            <Link
              to="/post"
              className="mt-3 inline-block rounded-sm text-sm font-semibold text-slate-900 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-white dark:focus-visible:outline-slate-300"
            >
              {t('competitions.empty.share')}
            </Link>
          ) : null}
        </div>
      ) : (
        <ol
          data-testid="competition-record"
          className="mt-4 ml-1.5 space-y-5 border-l-2 border-amber-200 dark:border-amber-900"
        >
          {entries.map((entry, index) => (
            <RecordEntry key={entry.postId ?? `listed-${index}`} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

function RecordEntry({ entry }: { entry: CompetitionEntry }) {
  const { t } = useTranslation('people');
  const heading = entry.competition ?? entry.summary ?? t('competitions.entry.fallback');
  // The post's own words add to a named competition; without one they are the heading already.
  const note = entry.competition ? entry.summary : null;
  return (
    <li data-testid="record-entry" className="relative pl-5">
      <span
        aria-hidden
        className="absolute top-1 -left-[7px] size-3 rounded-full bg-amber-500 ring-4 ring-white dark:bg-amber-400 dark:ring-slate-900"
      />
      {entry.date ? (
        <time
          dateTime={entry.date}
          className="block text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
        >
          {formatDate(entry.date)}
        </time>
      ) : (
        <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          {t('competitions.entry.listed')}
        </span>
      )}
      <p className="mt-0.5 font-semibold break-words text-slate-900 dark:text-white">{heading}</p>
      {entry.place || entry.score || entry.competitors !== null ? (
        <dl className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-slate-600 dark:text-slate-300">
          {entry.place ? (
            <div className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800">
              <dt className="sr-only">{t('competitions.entry.place')}</dt>
              <dd className="inline-flex items-center gap-1 break-all">
                <Medal aria-hidden className="size-3.5 shrink-0" />
                {entry.place}
              </dd>
            </div>
          ) : null}
          {entry.score ? (
            <div className="inline-flex items-center gap-1">
              <dt className="inline-flex items-center gap-1">
                <Target aria-hidden className="size-3.5 opacity-70" />
                {t('competitions.entry.score')}
              </dt>
              <dd className="font-medium break-all text-slate-800 dark:text-slate-100">{entry.score}</dd>
            </div>
          ) : null}
          {entry.competitors !== null ? (
            <div className="inline-flex items-center gap-1">
              <dt className="sr-only">{t('competitions.entry.competitors')}</dt>
              <dd className="inline-flex items-center gap-1">
                <Users aria-hidden className="size-3.5 opacity-70" />
                {/* "64 fencers", as a coach reads a result. */}
                {t('competitions.entry.fieldSize', { count: entry.competitors })}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {note ? (
        <p className="mt-1 line-clamp-2 text-sm break-words text-slate-500 dark:text-slate-400">{note}</p>
      ) : null}
    </li>
  );
}
