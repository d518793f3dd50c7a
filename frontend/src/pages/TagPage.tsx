import { foldTag, isWeapon, WEAPONS, type SessionUser, type Weapon } from '@piste/contracts';
import { Hash } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useParams, useSearchParams } from '../lib/router';
import { EmptyState } from '../components/EmptyState';
import { HeadedPage } from '../components/PageHeader';
import { PostPageList } from '../components/post-pages/PostPageList';
import { usePostPages } from '../components/post-pages/usePostPages';
import { tagPath } from '../lib/paths';
import { WEAPON_TAB_CLASSES, weaponLabel } from '../lib/weapons';
import { useTagPostsStore } from '../stores/tag-posts';
import { NotFoundPage } from './NotFoundPage';

/** /tags/:tag?weapon= — the posts carrying a hashtag, newest first, of one weapon or all. */
export function TagPage({ user }: { user: SessionUser }) {
  const { tag: tagParam = '' } = useParams();
  const [params] = useSearchParams();
  // `#Épée` and `#epee` are one tag: the page shows it as stored.
  const tag = foldTag(tagParam);
  const weaponParam = params.get('weapon');
  const weapon = isWeapon(weaponParam) ? weaponParam : undefined;
  if (!tag) return <NotFoundPage />;
  return <TagPosts tag={tag} weapon={weapon} user={user} />;
}

function TagPosts({ tag, weapon, user }: { tag: string; weapon?: Weapon; user: SessionUser }) {
  const view = usePostPages(useTagPostsStore, { tag, weapon });
  const { t } = useTranslation('feed');
  return (
    <HeadedPage
      width="narrow"
      title={`#${tag}`}
      subtitle={weapon ? t('tagPage.weaponSubtitle', { weapon: weaponLabel(weapon) }) : t('tagPage.subtitle')}
    >
      <WeaponFilter tag={tag} weapon={weapon} />
      <PostPageList
        view={view}
        user={user}
        empty={
          <div data-testid="tag-empty">
            <EmptyState
              icon={Hash}
              title={
                weapon
                  ? t('tagPage.emptyWeapon', { weapon: weaponLabel(weapon), tag })
                  : t('tagPage.empty', { tag })
              }
              description={t('tagPage.emptyText', { tag })}
            />
          </div>
        }
      />
    </HeadedPage>
  );
}

const ALL_CLASSES = {
  active:
    'border-slate-900 bg-slate-900 text-white shadow-sm dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900',
  inactive:
    'border-slate-200 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
};

/** All, Épée, Foil, Sabre: each a link, so a filtered tag page can be shared. */
function WeaponFilter({ tag, weapon }: { tag: string; weapon?: Weapon }) {
  const { t } = useTranslation('feed');
  const choices: { weapon?: Weapon; label: string; classes: typeof ALL_CLASSES }[] = [
    { label: t('tagPage.all'), classes: ALL_CLASSES },
    ...WEAPONS.map((w) => ({ weapon: w, label: weaponLabel(w), classes: WEAPON_TAB_CLASSES[w] })),
  ];
  return (
    <nav aria-label={t('tagPage.weaponFilter')} className="mb-5 flex flex-wrap gap-2">
      {choices.map((choice) => {
        const isActive = choice.weapon === weapon;
        return (
          <Link
            key={choice.weapon ?? 'all'}
            to={tagPath(tag, choice.weapon)}
            aria-current={isActive ? 'page' : undefined}
            className={`rounded-full border px-4 py-1.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300 ${
              isActive ? choice.classes.active : choice.classes.inactive
            }`}
          >
            {choice.label}
          </Link>
        );
      })}
    </nav>
  );
}
