import type { SessionUser } from '@piste/contracts';
import { Dumbbell } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClassName } from '../components/Button';
import { DrillFilterBar } from '../components/drills/DrillFilterBar';
import { drillFiltersOf, isFiltered } from '../components/drills/drill-filters';
import { EmptyState } from '../components/EmptyState';
import { HeadedPage } from '../components/PageHeader';
import { PostPageList } from '../components/post-pages/PostPageList';
import { usePostPages } from '../components/post-pages/usePostPages';
import { DRILLS_PATH } from '../lib/paths';
import { useDrillsStore } from '../stores/drills';

/** /drills — every drill post, filtered and ordered by what the address says. */
export function DrillsPage({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  const filters = drillFiltersOf(params);
  const view = usePostPages(useDrillsStore, filters);
  const filtered = isFiltered(filters);
  return (
    <HeadedPage
      width="narrow"
      title="Drill library"
      subtitle="Every drill shared on Piste, by weapon, level, focus and equipment"
    >
      <DrillFilterBar />
      <PostPageList
        view={view}
        user={user}
        empty={
          <div data-testid="drills-empty">
            {filtered ? (
              <EmptyState
                icon={Dumbbell}
                title="No drills match these filters"
                description="Try another word, or fewer filters."
                action={
                  <Link to={DRILLS_PATH} className={buttonClassName('outline')}>
                    Clear filters
                  </Link>
                }
              />
            ) : (
              <EmptyState
                icon={Dumbbell}
                title="No drills yet"
                description="Share one from the composer: choose Drill as the post type."
              />
            )}
          </div>
        }
      />
    </HeadedPage>
  );
}
