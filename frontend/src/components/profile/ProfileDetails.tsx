import type { Profile } from '@piste/contracts';
import { AtSign, Award, Mail, Swords, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { weaponLabel } from '../../lib/weapons';

/** View mode: the stored values, read-only. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation('people');
  const rows: { id: string; icon: LucideIcon; label: string; value: string | null; empty: string }[] = [
    {
      id: 'name',
      icon: AtSign,
      label: t('profile.fields.name'),
      value: profile.name,
      empty: t('profile.details.notSet'),
    },
    {
      id: 'title',
      icon: Award,
      label: t('profile.fields.title'),
      value: profile.title,
      empty: t('profile.details.noTitle'),
    },
    {
      id: 'email',
      icon: Mail,
      label: t('profile.fields.email'),
      value: profile.email,
      empty: t('profile.details.notSet'),
    },
    {
      id: 'weapon-specialty',
      icon: Swords,
      label: t('profile.fields.weapon'),
      value: profile.weaponSpecialty ? weaponLabel(profile.weaponSpecialty) : null,
      empty: t('profile.details.noWeapon'),
    },
  ];
  return (
    <dl className="divide-y divide-slate-100 dark:divide-slate-800">
      {rows.map(({ id, icon: Icon, label, value, empty }) => (
        <div key={id} className="flex items-start gap-3 py-3.5 sm:items-center">
          {/* The icon sits in the term: a <dl>'s div holds only terms and values. */}
          <dt className="flex shrink-0 items-start gap-3 text-sm font-medium text-slate-500 sm:items-center dark:text-slate-400">
            <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400 sm:mt-0 dark:text-slate-500" />
            <span className="w-36">{label}</span>
          </dt>
          <dd
            data-testid={`profile-${id}`}
            className={`min-w-0 flex-1 text-sm break-words ${value ? 'text-slate-900 dark:text-slate-100' : 'text-slate-500 italic dark:text-slate-400'}`}
          >
            {value ?? empty}
          </dd>
        </div>
      ))}
    </dl>
  );
}
