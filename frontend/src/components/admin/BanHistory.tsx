import type { AdminBan } from '@piste/contracts';
import i18next from 'i18next';
import { useTranslation } from '../../i18n/use-translation';
import { formatBanEnd, formatDateTime } from '../../lib/moderation-format';
import { Button } from '../Button';
import { AdminSection, NothingYet } from './AdminSection';

const BADGE =
  'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';
const STATES = {
  active: { label: 'bans.states.active', classes: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800' },
  lifted: { label: 'bans.states.lifted', classes: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800' },
  ended: { label: 'bans.states.ended', classes: 'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700' },
} as const; // prettier-ignore

const nameOf = (person: AdminBan['bannedBy']) =>
  person ? (person.name ?? person.username) : i18next.t('admin:bans.formerAdmin');

/** Every ban of the account, newest first: active ones can be lifted before their end. */
export function BanHistory({
  bans,
  pending,
  onLift,
}: {
  bans: AdminBan[];
  pending: boolean;
  onLift: (ban: AdminBan) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <AdminSection id="account-bans" title={t('bans.title', { count: bans.length })}>
      {bans.length === 0 ? (
        <NothingYet>{t('bans.never')}</NothingYet>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {bans.map((ban) => {
            const state = STATES[ban.active ? 'active' : ban.liftedAt ? 'lifted' : 'ended'];
            return (
              <li
                key={ban.id}
                data-testid="ban-item"
                className="flex flex-wrap items-start gap-3 px-4 py-3 sm:px-5"
              >
                <div className="min-w-0 flex-1 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className={`${BADGE} ${state.classes}`}>{t(state.label)}</span>
                    <span className="font-medium break-words text-slate-900 dark:text-slate-100">
                      {ban.reason}
                    </span>
                  </div>
                  <p className="mt-1 text-slate-600 dark:text-slate-300">
                    {t('bans.issued', {
                      until: formatBanEnd(ban.bannedUntil),
                      issued: formatDateTime(ban.createdAt),
                      name: nameOf(ban.bannedBy),
                    })}
                  </p>
                  {ban.liftedAt ? (
                    <p className="mt-0.5 text-slate-600 dark:text-slate-300">
                      {t('bans.lifted', { at: formatDateTime(ban.liftedAt), name: nameOf(ban.liftedBy) })}
                    </p>
                  ) : null}
                </div>
                {ban.active ? (
                  <Button variant="outline" disabled={pending} onClick={() => onLift(ban)}>
                    {t('bans.lift')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </AdminSection>
  );
}
