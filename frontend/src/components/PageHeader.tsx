import type { ReactNode } from 'react';
import { HomeButton } from './HomeButton';

interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Shown beside the title, e.g. how many are new. */
  badge?: ReactNode;
  /** Buttons shown beside the title; the Home button unless a page gives its own set. */
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, badge, actions = <HomeButton /> }: PageHeaderProps) {
  const heading = (
    <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-slate-100">
      {title}
    </h1>
  );
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        {badge ? (
          <div className="flex flex-wrap items-center gap-3">
            {heading}
            {badge}
          </div>
        ) : (
          heading
        )}
        {subtitle ? <p className="mt-1 text-slate-600 dark:text-slate-300">{subtitle}</p> : null}
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-2">{actions}</div>
    </div>
  );
}

/** How wide a page's column is. */
const PAGE_WIDTHS = { narrow: 'max-w-2xl', medium: 'max-w-3xl', wide: 'max-w-4xl' };

interface HeadedPageProps extends PageHeaderProps {
  width: keyof typeof PAGE_WIDTHS;
  children: ReactNode;
}

/** A signed-in page's centred column under its header. */
export function HeadedPage({ width, children, ...header }: HeadedPageProps) {
  return (
    <section className={`mx-auto ${PAGE_WIDTHS[width]}`}>
      <PageHeader {...header} />
      {children}
    </section>
  );
}
