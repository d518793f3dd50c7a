import { CircleCheck, CircleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';

/** The server's refusal of a form, above its fields: read out at once. */
export function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <CircleExclamationPoint aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </div>
  );
}

/**
 * What a form achieved, e.g. where a link was mailed. Put it in a live region that is there before it is (a
 * `role="status"` element), so screen readers read it out when it appears.
 */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
      <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
