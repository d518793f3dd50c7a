import { TOAST_DURATION_MS, TOAST_LIMIT } from '@piste/contracts';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** The toast viewport: bottom right (clear of the header), and never more than TOAST_LIMIT (1) toast visible — the newest wins. */
export function AppToaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    // The store lists the newest toast first.
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return <Toaster position="bottom-right" gutter={8} toastOptions={{ duration: TOAST_DURATION_MS }} />;
}
