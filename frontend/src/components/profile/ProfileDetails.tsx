import { WEAPON_LABELS, type Profile } from '@piste/contracts';
import { AtSign, Award, Mail, Swords, type LucideIcon } from 'lucide-react';

/** View mode: the stored values, read-only. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const rows: { icon: LucideIcon; label: string; value: string | null; empty: string }[] = [
    { icon: AtSign, label: 'Name', value: profile.name, empty: 'Not set' },
    { icon: Award, label: 'Title', value: profile.title, empty: 'No title yet' },
    { icon: Mail, label: 'Email', value: profile.email, empty: 'Not set' },
    {
      icon: Swords,
      label: 'Weapon specialty',
      value: profile.weaponSpecialty ? WEAPON_LABELS[profile.weaponSpecialty] : null,
      empty: 'No weapon chosen',
    },
  ];
  return (
    <dl className="divide-y divide-slate-100 dark:divide-slate-800">
      {rows.map(({ icon: Icon, label, value, empty }) => (
        <div key={label} className="flex items-start gap-3 py-3.5 sm:items-center">
          {/* The icon sits in the term: a <dl>'s div holds only terms and values. */}
          <dt className="flex shrink-0 items-start gap-3 text-sm font-medium text-slate-500 sm:items-center dark:text-slate-400">
            <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400 sm:mt-0 dark:text-slate-500" />
            <span className="w-36">{label}</span>
          </dt>
          <dd
            data-testid={`profile-${label.toLowerCase().replace(/\s+/g, '-')}`}
            className={`min-w-0 flex-1 text-sm break-words ${value ? 'text-slate-900 dark:text-slate-100' : 'text-slate-500 italic dark:text-slate-400'}`}
          >
            {value ?? empty}
          </dd>
        </div>
      ))}
    </dl>
  );
}
