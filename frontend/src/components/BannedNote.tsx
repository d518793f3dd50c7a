import { Ban } from 'lucide-react';
import { banNotice } from '../stores/ban';

interface BannedNoteProps {
  /** When the ban ends (ISO time). */
  until: string;
  /** Lets the closed input point at this note (`aria-describedby`). */
  id?: string;
  className?: string;
}

/** Says, where the user would type, that they are banned from posting and until when. */
export function BannedNote({ until, id, className = '' }: BannedNoteProps) {
  return (
    <p
      id={id}
      data-testid="banned-note"
      className={`flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-200 ring-inset dark:bg-red-950 dark:text-red-200 dark:ring-red-800 ${className}`}
    >
      <Ban aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
      <span>{banNotice(until)}</span>
    </p>
  );
}
