import { TOAST_DURATION_MS } from '@piste/contracts';
import { CircleExclamationPoint, CircleCheck, Info, X } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import toast, { type Toast } from 'react-hot-toast';
import type { ToastRequest, ToastVariant } from './toast';

const variantStyles: Record<ToastVariant, { card: string; icon: string; description: string }> = {
  success: {
    card: 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
    icon: 'text-emerald-600 dark:text-emerald-400',
    description: 'text-slate-600 dark:text-slate-300',
  },
  info: {
    card: 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
    icon: 'text-slate-500 dark:text-slate-400',
    description: 'text-slate-600 dark:text-slate-300',
  },
  error: { card: 'border-red-800 bg-red-700 text-white', icon: 'text-white', description: 'text-red-50' },
};

const variantIcons = { success: CircleCheck, error: CircleExclamationPoint, info: Info } as const;

interface ToastCardProps {
  t: Toast;
  variant: ToastVariant;
  title: string;
  description?: string;
}

function ToastCard({ t, variant, title, description }: ToastCardProps) {
  const { t: translate } = useTranslation();
  const styles = variantStyles[variant];
  const Icon = variantIcons[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      aria-live={variant === 'error' ? 'assertive' : 'polite'}
      data-toast-variant={variant}
      // A dismissed toast fades out, then leaves the page a moment later (longer while the pointer rests on the
      // toaster): meanwhile it is gone for pointers, the keyboard and assistive technology alike, so an invisible
      // card never takes a click meant for what lies under it, nor the focus.
      aria-hidden={t.visible ? undefined : true}
      inert={!t.visible}
      className={`flex w-[calc(100vw-2rem)] max-w-[420px] items-start gap-3 rounded-xl border p-4 shadow-lg ${styles.card} ${
        t.visible ? 'pointer-events-auto animate-toast-in' : 'pointer-events-none animate-toast-out'
      }`}
    >
      <Icon aria-hidden className={`mt-0.5 size-5 shrink-0 ${styles.icon}`} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{title}</p>
        {description ? (
          <p className={`mt-1 text-sm break-words ${styles.description}`}>{description}</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => toast.dismiss(t.id)}
        aria-label={translate('toast.dismissLabel')}
        title={translate('toast.dismiss')}
        className="-m-1 rounded-md p-1 opacity-70 transition hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}

/** Shows one toast (the toaster, components/AppToaster.tsx, places it). */
export function showToast({ variant, title, description }: ToastRequest): void {
  toast.custom((t) => <ToastCard t={t} variant={variant} title={title} description={description} />, {
    duration: TOAST_DURATION_MS,
  });
}
