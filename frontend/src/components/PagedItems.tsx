import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { LoadMoreButton } from './PostList';

interface PagedItemsProps<Item extends { id: string }> {
  /** The list's accessible name, e.g. 'Clubs'. */
  label: string;
  items: Item[];
  render: (item: Item) => ReactNode;
  /** There is a next page. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** A paged list's items as a list, with Load More while there are more. */
export function PagedItems<Item extends { id: string }>({
  label,
  items,
  render,
  hasMore,
  loadingMore,
  onLoadMore,
}: PagedItemsProps<Item>) {
  const { t } = useTranslation();
  return (
    <>
      <ul aria-label={label} className="space-y-3">
        {items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
      {hasMore ? (
        <div className="mt-5 flex justify-center">
          <LoadMoreButton loading={loadingMore} onClick={onLoadMore} label={t('actions.loadMore')} />
        </div>
      ) : null}
    </>
  );
}
