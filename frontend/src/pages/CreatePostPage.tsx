import { useTranslation } from '../i18n/use-translation';
import { useNavigate } from '../lib/router';
import { Composer } from '../components/Composer';
import { HeadedPage } from '../components/PageHeader';
import { useFeedStore } from '../stores/feed';
import { useSessionStore } from '../stores/session';

/** /post: the composer on its own page; after posting, to the feed of the weapon chosen, where the post leads. */
export function CreatePostPage() {
  const user = useSessionStore((s) => s.user);
  const lastWeapon = useFeedStore((s) => s.lastWeapon);
  const navigate = useNavigate();
  const { t } = useTranslation('feed');

  return (
    <HeadedPage width="narrow" title={t('createPage.title')} subtitle={t('createPage.subtitle')}>
      <Composer
        user={user}
        weapon={lastWeapon}
        chooseWeapon
        onPosted={(post) => navigate(`/${post.weapon}`)}
      />
    </HeadedPage>
  );
}
