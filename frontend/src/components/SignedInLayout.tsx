import type { SessionUser } from '@piste/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { LoadingScreen } from './LoadingScreen';
import { useScrollToTopOnNavigation } from '../lib/scroll-to-top';
import { EmailVerificationBanner } from './EmailVerificationBanner';
import { Header } from './Header';
import { LiveStatusBanner } from './LiveStatusBanner';
import { BanNotice } from './moderation/BanNotice';
import { useReportDialogStore } from '../stores/report-dialog';
import { PushPrompt } from './PushPrompt';

/**
 * Every signed-in page: the header, the ban notice while one lasts, the request to confirm the email address
 * until it is, the page (`children`), the live-status banner, and the report dialog any page's "Report" opens.
 */
export function SignedInLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  useScrollToTopOnNavigation();
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <SkipLink />
      <Header user={user} />
      {/* Below the sticky header, so it scrolls away instead of taking a phone's screen for good. */}
      <BanNotice />
      <EmailVerificationBanner />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl px-4 py-6 outline-none sm:px-6 sm:py-8"
      >
        {/* Pages other than the feed load on first visit; the header stays while they arrive. */}
        <Suspense fallback={<LoadingScreen inPage />}>{children}</Suspense>
      </main>
      <LiveStatusBanner />
      <PushPrompt />
      <ReportDialogOnceAsked />
    </div>
  );
}

const ReportDialog = lazy(() =>
  import('./moderation/ReportDialog').then((m) => ({ default: m.ReportDialog })),
);

/**
 * The report dialog, fetched the first time a "Report" is opened (most visits report nothing, and its form
 * library stays out of the first load), then kept mounted.
 */
function ReportDialogOnceAsked() {
  const asked = useReportDialogStore((s) => s.subject !== null);
  const [needed, setNeeded] = useState(false);
  if (asked && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ReportDialog />
    </Suspense>
  ) : null;
}

/** The first stop for the keyboard: jumps past the header to the page, shown only while focused. */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      onClick={(event) => {
        // Focus the page without adding #main to the route.
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
      className="sr-only rounded-lg bg-slate-900 text-sm font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-2 focus:outline-2 focus:outline-offset-2 focus:outline-slate-900 dark:bg-slate-100 dark:text-slate-900 dark:focus:outline-slate-300"
    >
      {t('skipToContent')}
    </a>
  );
}
