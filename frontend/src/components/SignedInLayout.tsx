import type { SessionUser } from '@piste/contracts';
import { Outlet } from 'react-router-dom';
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
        <Outlet />
      </main>
      <LiveStatusBanner />
    </div>
  );
}
