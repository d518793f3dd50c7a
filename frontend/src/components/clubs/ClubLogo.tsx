import { Castle } from 'lucide-react';

const SIZES = { sm: 'size-8 rounded-lg', md: 'size-12 rounded-xl', lg: 'size-16 rounded-2xl' } as const;

/** A club's logo, or its castle when it has none; decorative (the club's name is always beside it). */
export function ClubLogo({ logo, size = 'md' }: { logo: string | null; size?: keyof typeof SIZES }) {
  return logo ? (
    <img
      src={logo}
      alt=""
      loading="lazy"
      className={`${SIZES[size]} shrink-0 border border-slate-200 bg-white object-cover dark:border-slate-700`}
    />
  ) : (
    <span
      aria-hidden
      className={`${SIZES[size]} flex shrink-0 items-center justify-center bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-200`}
    >
      <Castle className="size-1/2" />
    </span>
  );
}
