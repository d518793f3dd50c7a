import {
  LIMITS,
  MEDIA_ALT_MAX,
  type AchievementDetails,
  type DrillDetails,
  type EditPostPayload,
  type FeedPost,
} from '@piste/contracts';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { usePostsStore } from '../stores/posts';
import { Button } from './Button';
import { DETAILS, type DetailKind } from './composer/details';
import { controlClassName } from './FormField';
import { MentionTextarea } from './MentionTextarea';

interface PostEditorProps {
  post: FeedPost;
  /** Called when the edit is saved or given up. */
  onDone: () => void;
}

type DetailTexts = Record<string, string>;

/** A post's details as the editor's fields hold them: every field of its type, as text. */
function detailTextsOf(kind: DetailKind, details: DrillDetails | AchievementDetails | null): DetailTexts {
  const values = (details ?? {}) as Record<string, string | number | null | undefined>;
  return Object.fromEntries(
    DETAILS[kind].fields.map(({ key }) => [
      key,
      values[key] === null || values[key] === undefined ? '' : String(values[key]),
    ]),
  );
}

/** Empty texts are no detail; competitors is a number. */
function detailsOf(kind: DetailKind, texts: DetailTexts): DrillDetails & AchievementDetails {
  const entries = Object.entries(texts).map(([key, text]) => {
    const value = text.trim();
    if (!value) return [key, null];
    return [key, kind === 'achievement' && key === 'competitors' ? Number(value) : value];
  });
  return Object.fromEntries(entries) as DrillDetails & AchievementDetails;
}

/**
 * The author's edit of a post, in place of its text (DESIGN.md §4c): the text (with @mention suggestions), a drill's
 * or achievement's details, an image's description. Save sends what changed; Cancel or Escape leaves it as it was.
 * A failure is the posts store's toast; the editor stays open for another try.
 */
export function PostEditor({ post, onDone }: PostEditorProps) {
  const edit = usePostsStore((s) => s.edit);
  const { t } = useTranslation(['feed', 'common']);
  const kind: DetailKind | null = post.type === 'general' ? null : post.type;
  const initialDetails = kind
    ? detailTextsOf(kind, kind === 'drill' ? post.drillDetails : post.achievementDetails)
    : {};
  const [content, setContent] = useState(post.content);
  const [details, setDetails] = useState<DetailTexts>(initialDetails);
  const [mediaAlt, setMediaAlt] = useState(post.mediaAlt ?? '');
  const [pending, setPending] = useState(false);
  const id = useId();
  const isImage = post.mediaType === 'image' && !!post.mediaUrl;

  /** What changed, as the PATCH takes it; null when nothing did. */
  function changes(): EditPostPayload | null {
    const payload: EditPostPayload = {};
    if (content.trim() !== post.content.trim()) payload.content = content.trim();
    const detailsChanged = Object.entries(details).some(
      ([key, text]) => text.trim() !== (initialDetails[key] ?? '').trim(),
    );
    if (kind === 'drill' && detailsChanged) payload.drillDetails = detailsOf(kind, details);
    if (kind === 'achievement' && detailsChanged) payload.achievementDetails = detailsOf(kind, details);
    if (isImage && mediaAlt.trim() !== (post.mediaAlt ?? '').trim())
      payload.mediaAlt = mediaAlt.trim() || null;
    return Object.keys(payload).length ? payload : null;
  }

  const canSave = content.trim().length > 0 && !pending;

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (!canSave) return;
    const payload = changes();
    if (!payload) {
      onDone();
      return;
    }
    setPending(true);
    const saved = await edit(post.id, payload);
    setPending(false);
    if (saved) onDone();
  }

  return (
    <form
      aria-label={t('editor.label')}
      data-testid="post-editor"
      className="mt-3 space-y-3"
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !pending) {
          event.preventDefault();
          onDone();
        }
      }}
    >
      <div>
        <label htmlFor={`${id}-content`} className="sr-only">
          {t('composer.contentLabel')}
        </label>
        <MentionTextarea
          id={`${id}-content`}
          rows={4}
          value={content}
          maxLength={LIMITS.postContent}
          autoFocus
          disabled={pending}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void save(event);
          }}
          className="block w-full resize-y rounded-xl border border-slate-300 bg-white px-3 py-2 text-[15px] text-slate-900 focus:border-slate-900 focus:ring-2 focus:ring-slate-900/15 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:focus:border-slate-300 dark:focus:ring-slate-300/15"
        />
      </div>

      {kind ? (
        <fieldset className={`grid gap-3 rounded-xl border p-3.5 sm:grid-cols-2 ${DETAILS[kind].className}`}>
          <legend className="sr-only">{t(DETAILS[kind].legend)}</legend>
          {DETAILS[kind].fields.map((field) => {
            const fieldId = `${id}-${field.key}`;
            const type = 'type' in field ? field.type : 'text';
            return (
              <div key={field.key}>
                <label
                  htmlFor={fieldId}
                  className="mb-1 block text-xs font-semibold text-slate-600 dark:text-slate-300"
                >
                  {t(field.label)}
                </label>
                <input
                  id={fieldId}
                  type={type}
                  min={type === 'number' ? 0 : undefined}
                  maxLength={type === 'text' ? LIMITS.detailField : undefined}
                  placeholder={t(field.placeholder)}
                  value={details[field.key] ?? ''}
                  disabled={pending}
                  onChange={(event) => setDetails((texts) => ({ ...texts, [field.key]: event.target.value }))}
                  className={controlClassName(false)}
                />
              </div>
            );
          })}
        </fieldset>
      ) : null}

      {isImage ? (
        <div>
          <label
            htmlFor={`${id}-alt`}
            className="mb-1 block text-xs font-semibold text-slate-600 dark:text-slate-300"
          >
            {t('composer.altLabel')}
          </label>
          <textarea
            id={`${id}-alt`}
            rows={2}
            value={mediaAlt}
            maxLength={MEDIA_ALT_MAX}
            disabled={pending}
            onChange={(event) => setMediaAlt(event.target.value)}
            placeholder={t('editor.altPlaceholder')}
            className={`${controlClassName(false)} resize-y`}
          />
        </div>
      ) : null}

      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={!canSave}>
          {pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          {pending ? t('common:actions.saving') : t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}
