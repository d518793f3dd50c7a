import type { SessionUser } from '@piste/contracts';
import { Dumbbell } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useSearchParams } from '../lib/router';
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
  const { t } = useTranslation('feed');
  return (
    <HeadedPage width="narrow" title={t('drills.title')} subtitle={t('drills.subtitle')}>
      <DrillFilterBar />
      <PostPageList
        view={view}
        user={user}
        empty={
          <div data-testid="drills-empty">
            {filtered ? (
              <EmptyState
                icon={Dumbbell}
                title={t('drills.noMatch.title')}
                description={t('drills.noMatch.text')}
                action={
                  <Link to={DRILLS_PATH} className={buttonClassName('outline')}>
                    {t('drills.clearFilters')}
                  </Link>
                }
              />
            ) : (
              <EmptyState
                icon={Dumbbell}
                title={t('drills.empty.title')}
                description={t('drills.empty.text')}
              />
            )}
          </div>
        }
      />
    </HeadedPage>
  );
}
