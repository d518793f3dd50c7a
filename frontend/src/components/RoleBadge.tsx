import i18next from 'i18next';
import {
  Accessibility,
  BookOpen,
  ClipboardList,
  Crown,
  Flag,
  Heart,
  Shield,
  ShieldCheck,
  ShieldHalf,
  Sprout,
  Trophy,
  User,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';

interface RoleStyle {
  /** The role's name in the language shown. */
  label: string;
  icon: LucideIcon;
  /** Literal Tailwind classes: pill background, text and ring. */
  className: string;
}

/** A role's name, as its key in the `common` catalogue. */
type RoleName =
  | 'roles.youth'
  | 'roles.cadetJunior'
  | 'roles.division3'
  | 'roles.division2'
  | 'roles.division1'
  | 'roles.division1a'
  | 'roles.adult'
  | 'roles.seniorTeam'
  | 'roles.paraFencing'
  | 'roles.coach'
  | 'roles.parent'
  | 'roles.referee'
  | 'roles.armorist';

/** Every author role of the spec (section 1) with its icon and colour. */
const ROLE_STYLES: Record<string, Omit<RoleStyle, 'label'> & { label: RoleName }> = {
  youth: {
    label: 'roles.youth',
    icon: Sprout,
    className:
      'bg-lime-50 text-lime-700 ring-lime-200 dark:bg-lime-950 dark:text-lime-200 dark:ring-lime-800',
  },
  cadet_junior: {
    label: 'roles.cadetJunior',
    icon: Zap,
    className: 'bg-sky-50 text-sky-700 ring-sky-200 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800',
  },
  div_3: {
    label: 'roles.division3',
    icon: Shield,
    className:
      'bg-teal-50 text-teal-700 ring-teal-200 dark:bg-teal-950 dark:text-teal-200 dark:ring-teal-800',
  },
  div_2: {
    label: 'roles.division2',
    icon: ShieldHalf,
    className:
      'bg-blue-50 text-blue-700 ring-blue-200 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-800',
  },
  div_1: {
    label: 'roles.division1',
    icon: ShieldCheck,
    className:
      'bg-indigo-50 text-indigo-700 ring-indigo-200 dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-800',
  },
  div_1a: {
    label: 'roles.division1a',
    icon: Crown,
    className:
      'bg-violet-50 text-violet-700 ring-violet-200 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-800',
  },
  adult: {
    label: 'roles.adult',
    icon: User,
    className:
      'bg-stone-100 text-stone-700 ring-stone-200 dark:bg-stone-800 dark:text-stone-200 dark:ring-stone-600',
  },
  senior_team: {
    label: 'roles.seniorTeam',
    icon: Trophy,
    className:
      'bg-amber-50 text-amber-700 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
  },
  para_fencing: {
    label: 'roles.paraFencing',
    icon: Accessibility,
    className:
      'bg-cyan-50 text-cyan-700 ring-cyan-200 dark:bg-cyan-950 dark:text-cyan-200 dark:ring-cyan-800',
  },
  coach: {
    label: 'roles.coach',
    icon: ClipboardList,
    className:
      'bg-orange-50 text-orange-700 ring-orange-200 dark:bg-orange-950 dark:text-orange-200 dark:ring-orange-800',
  },
  parent: {
    label: 'roles.parent',
    icon: Heart,
    className:
      'bg-pink-50 text-pink-700 ring-pink-200 dark:bg-pink-950 dark:text-pink-200 dark:ring-pink-800',
  },
  referee: {
    label: 'roles.referee',
    icon: Flag,
    className:
      'bg-rose-50 text-rose-700 ring-rose-200 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800',
  },
  armorist: {
    label: 'roles.armorist',
    icon: Wrench,
    className:
      'bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-600',
  },
};

/** Students, a missing role and roles this build does not know share the default style. */
const DEFAULT_STYLE: Omit<RoleStyle, 'label'> = {
  icon: BookOpen,
  className:
    'bg-slate-100 text-slate-600 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
};

export function roleStyle(role: string | null | undefined): RoleStyle {
  const known = role ? ROLE_STYLES[role] : undefined;
  if (known) return { ...known, label: i18next.t(known.label) };
  const label =
    role && role !== 'student'
      ? role.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())
      : i18next.t('roles.student');
  return { ...DEFAULT_STYLE, label };
}

/** The author's role as an icon and colour (display only). */
export function RoleBadge({ role }: { role: string | null | undefined }) {
  useTranslation();
  const { label, icon: Icon, className } = roleStyle(role);
  return (
    <span
      data-testid="role-badge"
      data-role={role ?? 'student'}
      title={label}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] leading-4 font-semibold ring-1 ring-inset ${className}`}
    >
      <Icon aria-hidden className="size-3" />
      {label}
    </span>
  );
}
