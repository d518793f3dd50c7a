import { Camera, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { intlLocale } from '../../i18n/languages';
import { Avatar } from '../Avatar';
import { IconButton } from '../IconButton';

interface AvatarPickerProps {
  /** The stored (or cleared) avatar value shown when no new image is chosen. */
  avatar: string | null;
  name: string | null;
  /** A local preview URL of the chosen image, if any. */
  previewUrl: string | null;
  /** Upload progress 0..1 while saving; null otherwise. */
  progress: number | null;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** The editable avatar: a preview, 'Change photo' (JPG or PNG, up to 10 MB), 'Remove', and upload progress. */
export function AvatarPicker({
  avatar,
  name,
  previewUrl,
  progress,
  disabled = false,
  onPick,
  onRemove,
}: AvatarPickerProps) {
  const { t } = useTranslation('people');
  const inputRef = useRef<HTMLInputElement>(null);
  const hasImage = !!previewUrl || !!avatar;
  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start sm:gap-5">
      <div className="relative -mt-10 shrink-0">
        {previewUrl ? (
          <img
            src={previewUrl}
            alt={t('profile.avatar.preview')}
            data-testid="avatar-preview"
            className="size-20 rounded-full border-4 border-white bg-slate-200 object-cover shadow-md dark:border-slate-900 dark:bg-slate-700"
          />
        ) : (
          <Avatar
            avatar={avatar}
            name={name}
            size="lg"
            className="border-4 border-white shadow-md dark:border-slate-900"
          />
        )}
        <IconButton
          label={t('profile.avatar.changeLabel')}
          title={t('profile.avatar.change')}
          icon={Camera}
          iconClassName="size-4"
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
          className="absolute right-0 bottom-0 flex size-8 items-center justify-center rounded-full border-2 border-white bg-slate-900 text-white shadow transition hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60 dark:border-slate-900 dark:bg-slate-100 dark:text-slate-900 dark:focus-visible:outline-slate-300"
        />
      </div>
      <div className="text-center sm:pt-3 sm:text-left">
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            disabled={disabled}
            className="rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 shadow-sm transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-slate-300"
          >
            {hasImage ? t('profile.avatar.change') : t('profile.avatar.upload')}
          </button>
          {hasImage ? (
            <button
              type="button"
              onClick={onRemove}
              disabled={disabled}
              className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-500 transition hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60 dark:text-slate-400 dark:hover:bg-red-900/40 dark:hover:text-red-400 dark:focus-visible:outline-slate-300"
            >
              <Trash2 aria-hidden className="size-4" />
              {t('profile.avatar.remove')}
            </button>
          ) : null}
        </div>
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t('profile.avatar.hint')}</p>
        {percent !== null ? (
          <div className="mt-2 w-48" aria-live="polite">
            <div
              role="progressbar"
              aria-label={t('profile.avatar.uploading')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            >
              <div
                className="h-full rounded-full bg-slate-900 transition-[width]"
                style={{ width: `${percent}%` }}
              />
            </div>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {t('profile.avatar.progress', {
                percent: new Intl.NumberFormat(intlLocale(), { style: 'percent' }).format(percent / 100),
              })}
            </p>
          </div>
        ) : null}
      </div>
      <input
        ref={inputRef}
        id="profile-avatar-input"
        type="file"
        accept="image/png,image/jpeg"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('profile.avatar.file')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Reset so choosing the same file again still fires a change.
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
    </div>
  );
}
