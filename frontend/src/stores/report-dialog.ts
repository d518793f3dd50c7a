import i18next from 'i18next';
import type { ReportCategory, ReportTargetType } from '@piste/contracts';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../api/client';
import { reportTarget } from '../api/moderation';
import { notify } from '../lib/toast';

/**
 * The one report dialog (DESIGN.md §4e): a comment's menu, a received message's menu and a fencer's page open it
 * on what they show; it asks for a category and an optional description and sends them. A post's own Report
 * Post keeps the spec's one-tap report (stores/posts.ts).
 */

/** What the dialog reports: its kind, id, and whose it is, as the dialog names them. */
export interface ReportSubject {
  type: Exclude<ReportTargetType, 'post'>;
  id: string;
  /** The author's, sender's or fencer's name. */
  name: string;
}

/** What the confirmation says the team will look at. */
/** The toast's text once a report is in, by what was reported. */
const REVIEWED = {
  comment: 'report.reviewComment',
  message: 'report.reviewMessage',
  user: 'report.reviewProfile',
} as const satisfies Record<ReportSubject['type'], string>;

interface ReportDialogState {
  /** What is being reported; null while the dialog is closed. */
  subject: ReportSubject | null;
  sending: boolean;
  open: (subject: ReportSubject) => void;
  close: () => void;
  /**
   * Sends the report and says how it went in a toast; the dialog closes once it is stored, or when trying again
   * cannot help (it was reported already, or is gone).
   */
  submit: (category: ReportCategory, description: string | null) => Promise<boolean>;
}

export const useReportDialogStore = create<ReportDialogState>()((set, get) => ({
  subject: null,
  sending: false,

  open: (subject) => set({ subject }),
  close: () => {
    if (!get().sending) set({ subject: null });
  },

  submit: async (category, description) => {
    const { subject, sending } = get();
    if (!subject || sending) return false;
    set({ sending: true });
    try {
      await reportTarget({ targetType: subject.type, targetId: subject.id, reason: category, description });
    } catch (error) {
      notify.error(i18next.t('report.failed'), errorMessage(error, ''));
      // Reported already, gone or not theirs to report: trying again cannot help. Anything else may pass later.
      if (error instanceof ApiError && [403, 404, 409].includes(error.status)) set({ subject: null });
      return false;
    } finally {
      set({ sending: false });
    }
    set({ subject: null });
    notify.success(i18next.t('report.submitted'), i18next.t(REVIEWED[subject.type]));
    return true;
  },
}));
