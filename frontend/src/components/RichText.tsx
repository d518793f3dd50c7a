import { textPieces } from '@piste/contracts';
import { Fragment } from 'react';
import { Link } from '../lib/router';
import { fencerPath, tagPath } from '../lib/paths';

const LINK_CLASS =
  'rounded-sm font-medium text-sky-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-sky-400 dark:focus-visible:outline-slate-300';

/**
 * A post's or comment's text with its `@mentions` linked to the fencer and its `#hashtags` to the tag's page
 * (read as the server reads them: `textPieces` in the contracts). The rest is the text as written; the element
 * around it keeps its line breaks.
 */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {textPieces(text).map((piece, index) => {
        switch (piece.kind) {
          case 'mention':
            return (
              <Link key={index} to={fencerPath(piece.username)} className={LINK_CLASS}>
                {piece.text}
              </Link>
            );
          case 'tag':
            return (
              <Link key={index} to={tagPath(piece.tag)} className={LINK_CLASS}>
                {piece.text}
              </Link>
            );
          case 'text':
            return <Fragment key={index}>{piece.text}</Fragment>;
        }
      })}
    </>
  );
}
