import { HomeButton } from '../components/HomeButton';
import { PageHeader } from '../components/PageHeader';

/** /post */
export function CreatePostPage() {
  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title="Create a Post"
        subtitle="Share your fencing journey with the community"
        actions={<HomeButton />}
      />
    </section>
  );
}
