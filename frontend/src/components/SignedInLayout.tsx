import type { SessionUser } from '@piste/contracts';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoaderCircle } from 'lucide-react';
import { Header } from './Header';
import { LiveStatusBanner } from './LiveStatusBanner';
import { BanNotice } from './moderation/BanNotice';

/** Every signed-in page: the header, the ban notice while one lasts, the page, and the live-status banner. */
export function SignedInLayout({ user }: { user: SessionUser }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <Header user={user} />
      {/* Below the sticky header, so it scrolls away instead of taking a phone's screen for good. */}
      <BanNotice />
      <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {/* Pages other than the feed load on first visit; the header stays while they arrive. */}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <LiveStatusBanner />
    </div>
  );
}

function PageLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      <span className="text-base font-medium">Loading...</span>
    </div>
  );
}
