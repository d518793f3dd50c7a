import { LoaderCircle } from 'lucide-react';

export function LoadingScreen() {
  return (
    <div
      role="status"
      className="flex min-h-screen items-center justify-center gap-3 bg-slate-50 text-slate-600 dark:bg-slate-950 dark:text-slate-300"
    >
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      <span className="text-base font-medium">Loading...</span>
    </div>
  );
}
