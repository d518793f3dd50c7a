import { ImagePlus, LoaderCircle, Trash2 } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { acceptFile } from '../../lib/forms';
import { Button } from '../Button';
import { ClubLogo } from './ClubLogo';

interface ClubLogoFieldProps {
  logo: string | null;
  /** A change is being saved (the buttons wait for it). */
  acting: boolean;
  onUpload: (file: File) => void;
  onRemove: () => void;
}

/** The club's logo: an image chosen is uploaded and saved at once; or removed. */
export function ClubLogoField({ logo, acting, onUpload, onRemove }: ClubLogoFieldProps) {
  const { t } = useTranslation('clubs');
  const input = useRef<HTMLInputElement>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (file && acceptFile(file, 'club')) onUpload(file);
  }

  return (
    <section
      aria-labelledby="club-logo-heading"
      className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <ClubLogo logo={logo} size="lg" />
      <div className="min-w-0 flex-1">
        <h2 id="club-logo-heading" className="font-semibold text-slate-900 dark:text-slate-100">
          {t('logo.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('logo.hint')}</p>
      </div>
      <input
        ref={input}
        id="club-logo-file"
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={choose}
      />
      <div className="flex gap-2">
        <Button variant="outline" disabled={acting} onClick={() => input.current?.click()}>
          {acting ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <ImagePlus aria-hidden className="size-4" />
          )}
          {logo ? t('logo.change') : t('logo.upload')}
        </Button>
        {logo ? (
          <Button variant="ghost" disabled={acting} onClick={onRemove}>
            <Trash2 aria-hidden className="size-4" />
            {t('logo.remove')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
