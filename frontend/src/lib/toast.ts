import { create } from 'zustand';

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastRequest {
  variant: ToastVariant;
  title: string;
  description?: string;
}

/**
 * Whether a toast was asked for yet. Most visits raise none, so the toaster (react-hot-toast, the cards and
 * components/AppToaster.tsx) is fetched with the first one: App mounts the toaster once this is true.
 */
export const useToasterNeeded = create<{ needed: boolean }>()(() => ({ needed: false }));

let showToast: ((request: ToastRequest) => void) | null = null;
/** Asked for while the toaster is on its way, shown in order when it arrives. */
const waiting: ToastRequest[] = [];

function show(request: ToastRequest): void {
  if (showToast) {
    showToast(request);
    return;
  }
  waiting.push(request);
  if (waiting.length > 1) return;
  useToasterNeeded.setState({ needed: true });
  import('./toast-card').then(
    (card) => {
      showToast = card.showToast;
      waiting.splice(0).forEach((request) => card.showToast(request));
    },
    // Not fetched (no network): these toasts are lost; the next one tries again.
    () => {
      waiting.length = 0;
    },
  );
}

/** Transient toasts with a title and a description; errors use the destructive style. */
export const notify = {
  success: (title: string, description?: string) => show({ variant: 'success', title, description }),
  error: (title: string, description?: string) => show({ variant: 'error', title, description }),
  /** Neutral, e.g. 'Already Liked'. */
  info: (title: string, description?: string) => show({ variant: 'info', title, description }),
};
