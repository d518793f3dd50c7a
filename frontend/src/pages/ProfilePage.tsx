import type { SessionUser } from '@piste/contracts';
import {
  Bookmark,
  Castle,
  CalendarDays,
  Dumbbell,
  Eye,
  LogOut,
  Pencil,
  Save,
  Settings,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useNavigate } from '../lib/router';
import { intlLocale } from '../i18n/languages';
import { weaponLabel } from '../lib/weapons';
import { Avatar } from '../components/Avatar';
import { Button, buttonClassName } from '../components/Button';
import { HomeButton } from '../components/HomeButton';
import { HeadedPage } from '../components/PageHeader';
import { CLUBS_PATH, DRILLS_PATH, EVENTS_PATH, fencerPath, SAVED_PATH, SETTINGS_PATH } from '../lib/paths';
import { AvatarPicker } from '../components/profile/AvatarPicker';
import { ProfileDetails } from '../components/profile/ProfileDetails';
import { RecordSettingsForm } from '../components/record/RecordSettingsForm';
import {
  ProfileForm,
  profileFormSchema,
  profileFormValues,
  profileToastTitles,
  type ProfileFields,
} from '../components/profile/ProfileForm';
import { acceptFile, useContractForm } from '../lib/forms';
import { banNotice, useBannedUntil } from '../stores/ban';
import { resetProfileStore, useProfileStore } from '../stores/profile';
import { useSessionStore } from '../stores/session';

const EMPTY_FORM = { name: '', title: '', email: '', weaponSpecialty: '' } as const;

const COVER_CLASSES = {
  epee: 'from-purple-600 to-indigo-500',
  foil: 'from-emerald-600 to-teal-500',
  sabre: 'from-red-600 to-orange-500',
  none: 'from-slate-700 to-slate-500',
} as const;

/** /profile: view and edit your profile, and log out. */
export function ProfilePage({ user }: { user: SessionUser }) {
  const { t } = useTranslation(['people', 'common']);
  const logout = useSessionStore((s) => s.logout);
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const storedProfile = useProfileStore((s) => s.profile);
  const status = useProfileStore((s) => s.status);
  const saving = useProfileStore((s) => s.saving);
  const uploadProgress = useProfileStore((s) => s.uploadProgress);
  // A profile cached for someone else (another sign-in in this tab) is never shown.
  const profile = storedProfile?.id === user.id ? storedProfile : null;
  // Name, title and avatar are public: a banned user cannot change them until the ban ends.
  const bannedUntil = useBannedUntil();
  const closedReason = bannedUntil ? banNotice(bannedUntil) : undefined;

  const [editing, setEditing] = useState(false);
  const form = useContractForm(profileFormSchema, {
    defaultValues: EMPTY_FORM,
    toastTitles: profileToastTitles(),
  });
  /** The avatar as edited: the stored value, or null once removed. */
  const [avatar, setAvatar] = useState<string | null>(null);
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    void useProfileStore.getState().load();
  }, [user.id]);

  // The preview URL lives as long as its file is chosen.
  useEffect(() => {
    if (!avatarFile) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(avatarFile);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [avatarFile]);

  /** Edit (or Cancel): the stored values come back, errors go and any chosen image is discarded. */
  function restartEditing(nowEditing: boolean) {
    if (profile) {
      form.reset(profileFormValues(profile));
      setAvatar(profile.avatar);
    }
    setAvatarFile(null);
    setEditing(nowEditing);
  }

  async function save(fields: ProfileFields) {
    if (saving) return;
    const saved = await useProfileStore
      .getState()
      .save({ ...fields, avatar: avatarFile ? null : avatar }, avatarFile);
    if (!saved) return;
    setAvatarFile(null);
    setEditing(false);
  }

  async function handleLogout() {
    setIsLoggingOut(true);
    try {
      await logout();
      resetProfileStore();
      navigate('/', { replace: true });
    } catch {
      // The session store has shown the spec's toast.
      setIsLoggingOut(false);
    }
  }

  const weapon = profile?.weaponSpecialty ?? null;
  const displayName = profile?.name ?? user.name ?? user.username;
  const shownAvatar = editing ? avatar : (profile?.avatar ?? user.avatar);

  return (
    <HeadedPage
      width="medium"
      title={t('profile.page.title')}
      subtitle={t('profile.page.subtitle')}
      actions={
        <>
          <HomeButton />
          <Link to={SETTINGS_PATH} className={buttonClassName('outline')}>
            <Settings aria-hidden className="size-4" />
            {t('common:nav.settings')}
          </Link>
          <Button variant="outline" onClick={() => void handleLogout()} disabled={isLoggingOut}>
            <LogOut aria-hidden className="size-4" />
            {t('profile.page.logout')}
          </Button>
        </>
      }
    >
      {/* The header links to these on wide screens only; a phone's has no room. */}
      <nav aria-label={t('profile.page.library')} className="mb-6 grid grid-cols-2 gap-3 lg:hidden">
        <LibraryLink to={SAVED_PATH} icon={Bookmark} label={t('common:nav.saved')} />
        <LibraryLink to={DRILLS_PATH} icon={Dumbbell} label={t('common:nav.drills')} />
        <LibraryLink to={CLUBS_PATH} icon={Castle} label={t('common:nav.clubs')} />
        <LibraryLink to={EVENTS_PATH} icon={CalendarDays} label={t('common:nav.events')} />
      </nav>
      <form
        noValidate
        onSubmit={form.onSubmit(save)}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
        aria-label={t('profile.page.form')}
      >
        <div className={`h-24 bg-gradient-to-r sm:h-28 ${COVER_CLASSES[weapon ?? 'none']}`} aria-hidden />
        <div className="px-5 pb-6 sm:px-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            {editing ? (
              <AvatarPicker
                avatar={avatar}
                name={form.watch('name') || displayName}
                previewUrl={previewUrl}
                progress={uploadProgress}
                disabled={saving}
                onPick={(file) => {
                  if (acceptFile(file, 'avatar')) setAvatarFile(file);
                }}
                onRemove={() => {
                  setAvatarFile(null);
                  setAvatar(null);
                }}
              />
            ) : (
              <div className="flex min-w-0 flex-col items-center gap-3 sm:flex-row sm:items-start sm:gap-5">
                <Avatar
                  avatar={shownAvatar}
                  name={displayName}
                  size="lg"
                  className="-mt-10 border-4 border-white shadow-md dark:border-slate-900"
                />
                <div className="min-w-0 text-center sm:pt-3 sm:text-left">
                  <p
                    className="truncate text-xl font-bold text-slate-900 dark:text-slate-100"
                    data-testid="profile-display-name"
                  >
                    {displayName}
                  </p>
                  <p className="truncate text-sm text-slate-500 dark:text-slate-400">
                    @{user.username}
                    {profile?.title ? <> · {profile.title}</> : null}
                  </p>
                  <Link
                    to={fencerPath(user.username)}
                    className="mt-1 inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-slate-700 underline-offset-2 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-slate-300 dark:hover:text-white dark:focus-visible:outline-slate-300"
                  >
                    <Eye aria-hidden className="size-4" />
                    {t('profile.page.viewPublic')}
                  </Link>
                </div>
              </div>
            )}
            <div className="flex shrink-0 justify-center gap-2 sm:justify-end sm:pt-3">
              {editing ? (
                <>
                  <Button variant="outline" onClick={() => restartEditing(false)} disabled={saving}>
                    <X aria-hidden className="size-4" />
                    {t('common:actions.cancel')}
                  </Button>
                  <Button type="submit" disabled={saving || !!bannedUntil} title={closedReason}>
                    <Save aria-hidden className="size-4" />
                    {saving ? t('profile.page.saving') : t('profile.page.save')}
                  </Button>
                </>
              ) : (
                <Button
                  onClick={() => restartEditing(true)}
                  disabled={!profile || !!bannedUntil}
                  title={closedReason}
                >
                  <Pencil aria-hidden className="size-4" />
                  {t('profile.page.edit')}
                </Button>
              )}
            </div>
          </div>

          {!editing && profile ? (
            <div className="mt-4 flex flex-wrap justify-center gap-2 text-xs sm:justify-start">
              {weapon ? (
                <span className="rounded-full bg-slate-100 px-2.5 py-1 font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  {weaponLabel(weapon)}
                </span>
              ) : null}
              <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                <CalendarDays aria-hidden className="size-3.5" />
                {t('fencerHeader.memberSince', {
                  date: new Date(profile.createdAt).toLocaleDateString(intlLocale(), {
                    month: 'long',
                    year: 'numeric',
                  }),
                })}
              </span>
              <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                {t('fencerHeader.posts', { count: profile.postsCount })}
              </span>
            </div>
          ) : null}

          <div className="mt-6 border-t border-slate-100 pt-4 dark:border-slate-800">
            {editing ? (
              <ProfileForm form={form} disabled={saving} />
            ) : profile ? (
              <ProfileDetails profile={profile} />
            ) : status === 'error' ? (
              <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
                {t('profile.page.loadFailed')}
              </p>
            ) : (
              <div aria-hidden className="animate-pulse space-y-4 py-3">
                {[0, 1, 2, 3].map((row) => (
                  <div key={row} className="flex gap-3">
                    <span className="h-4 w-32 rounded bg-slate-200 dark:bg-slate-700" />
                    <span className="h-4 flex-1 rounded bg-slate-100 dark:bg-slate-800" />
                  </div>
                ))}
              </div>
            )}
          </div>
        </div>
      </form>
      <div className="mt-6">
        <RecordSettingsForm userId={user.id} weapon={weapon} />
      </div>
    </HeadedPage>
  );
}

function LibraryLink({
  to,
  icon: Icon,
  label,
  className = '',
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  className?: string;
}) {
  return (
    <Link
      to={to}
      className={`${className} flex items-center gap-2.5 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-semibold text-slate-800 shadow-sm transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-slate-300`}
    >
      <Icon aria-hidden className="size-4 shrink-0 text-slate-500 dark:text-slate-400" />
      {label}
    </Link>
  );
}
