import {
  LIMITS,
  MEDIA_ALT_MAX,
  WEAPONS,
  type FeedPost,
  type SessionUser,
  type Weapon,
} from '@piste/contracts';
import type { z } from 'zod';
import { ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { readDraft, writeDraft } from '../lib/drafts';
import { acceptFile, useContractForm } from '../lib/forms';
import { captureVideoPoster } from '../lib/video-poster';
import { weaponLabel } from '../lib/weapons';
import { useBannedUntil } from '../stores/ban';
import { useFeedStore } from '../stores/feed';
import { Avatar } from './Avatar';
import { BannedNote } from './BannedNote';
import { Button } from './Button';
import { controlClassName } from './FormField';
import { IconButton } from './IconButton';
import { MentionTextarea } from './MentionTextarea';
import {
  CHOICE_CLASS,
  COMPOSER_CLASS,
  CONTENT_CLASS,
  contentPlaceholder,
  CONTROLS_CLASS,
  defaultVisibility,
  FOOTER_CLASS,
  PHOTO_BUTTON_CLASS,
  POST_TYPE_CHOICES,
  SELECT_CLASS,
  TYPE_GROUP_CLASS,
  typeChoiceClass,
  VisibilityIcon,
  VisibilityOptions,
} from './composer/composer-look';
import { DetailFields } from './composer/DetailFields';
import {
  emptyDraft,
  newPostOf,
  postToastTitles,
  postDraftSchema,
  restoredDraft,
  storedDraftOf,
  type PostDraft,
} from './composer/post-draft';

interface ComposerProps {
  user: SessionUser | null;
  /** The feed the post goes to. */
  weapon: Weapon;
  /** Lets the author pick the weapon (the /post page); on a feed page the post goes to that feed. */
  chooseWeapon?: boolean;
  /** The club the post goes to (its page's composer): for its members by default, or public; no kept draft. */
  club?: { id: string; name: string };
  onPosted?: (post: FeedPost) => void;
  /** What the author already typed into the feed's stand-in (FeedComposer.tsx): the form starts from it. */
  typed?: string;
}

/** The draft kept for this user and weapon, as the form's values; null when none. */
function keptDraft(userId: string | undefined, weapon: Weapon): PostDraft | null {
  return userId ? restoredDraft(readDraft(userId, weapon), weapon) : null;
}

/**
 * Writes a post: content (with @mention suggestions), type, who sees it, optional image (with its description) or
 * video (with upload progress), drill or achievement details. The unsent post is kept per weapon for this user
 * (lib/drafts.ts) and comes back when the composer opens for that weapon again.
 */
export function Composer({
  user,
  weapon: feedWeapon,
  chooseWeapon = false,
  club,
  onPosted,
  typed = '',
}: ComposerProps) {
  const publish = useFeedStore((s) => s.publish);
  const { t } = useTranslation('feed');
  // A club's composer keeps no draft: the feeds' drafts are per weapon and never for a club.
  const userId = club ? undefined : user?.id;
  const role = user?.role ?? null;
  const startVisibility = club ? 'club' : defaultVisibility(role);
  const [restored] = useState(() => keptDraft(userId, feedWeapon));
  const [startDraft] = useState(() => {
    const draft = restored ?? emptyDraft(feedWeapon, startVisibility);
    return typed ? { ...draft, content: typed } : draft;
  });
  const form = useContractForm(postDraftSchema, {
    defaultValues: startDraft,
    toastTitles: postToastTitles(),
  });
  const [content, type, chosenWeapon, visibility, mediaAlt] = form.watch([
    'content',
    'type',
    'weapon',
    'visibility',
    'mediaAlt',
  ]);
  const weapon = chooseWeapon ? chosenWeapon : feedWeapon;
  /** The author chose who sees the post (or a kept draft did): the role's default no longer applies. */
  const visibilityChosen = useRef(restored !== null);
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // A chosen video's poster frame, captured while the author writes; awaited (briefly) when they post.
  const poster = useRef<{ file: File; frame: Promise<File | null> } | null>(null);
  const formId = useId();
  // While banned the whole form is closed and says until when, before anyone types.
  const bannedUntil = useBannedUntil();

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  // Youth fencers post to their connections unless they choose otherwise (the role changes with the profile).
  useEffect(() => {
    if (role && !club && !visibilityChosen.current) form.setValue('visibility', defaultVisibility(role));
  }, [role, club, form]);

  // Every change is kept as the draft of the weapon the post goes to (and leaves the one it no longer goes to).
  const { watch, reset, getValues } = form;
  const typedToKeep = useRef(typed !== '');
  useEffect(() => {
    if (!userId) return;
    let keptFor: Weapon = chooseWeapon ? getValues('weapon') : feedWeapon;
    const keep = (values: { weapon?: Weapon }) => {
      const target = chooseWeapon && values.weapon ? values.weapon : feedWeapon;
      const draft = restoredDraft(values, target);
      if (keptFor !== target) writeDraft(userId, keptFor, null);
      writeDraft(userId, target, draft ? storedDraftOf(draft) : null);
      keptFor = target;
    };
    const subscription = watch(keep);
    // Text typed before the form was ready (the feed's stand-in) is kept like any typing.
    if (typedToKeep.current) keep(getValues());
    typedToKeep.current = false;
    return () => subscription.unsubscribe();
  }, [watch, getValues, userId, chooseWeapon, feedWeapon]);

  // Another feed's composer (the same component, a new weapon): that weapon's draft, or a fresh one.
  const shownWeapon = useRef(feedWeapon);
  useEffect(() => {
    if (shownWeapon.current === feedWeapon) return;
    shownWeapon.current = feedWeapon;
    const kept = keptDraft(userId, feedWeapon);
    visibilityChosen.current = kept !== null;
    reset(kept ?? emptyDraft(feedWeapon, startVisibility));
  }, [feedWeapon, userId, startVisibility, reset]);

  // Nothing here shows an error under its field: the spec's toast says what is missing.
  const { error: _contentError, ...contentInput } = form.field('content');
  const { error: _typeError, ...typeInput } = form.field('type');
  const { error: _weaponError, ...weaponInput } = form.field('weapon');
  const { error: _altError, ...mediaAltInput } = form.field('mediaAlt');
  const {
    error: _visibilityError,
    onChange: onVisibilityChange,
    ...visibilityInput
  } = form.field('visibility');
  const isImage = !!file && file.type.startsWith('image/');

  if (!user) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
        {t('composer.signedOut')}
      </div>
    );
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen || !acceptFile(chosen, 'post')) return;
    poster.current = chosen.type.startsWith('video/')
      ? { file: chosen, frame: captureVideoPoster(chosen) }
      : null;
    setFile(chosen);
  }

  async function submit(draft: z.output<typeof postDraftSchema>) {
    setPending(true);
    setProgress(file ? 0 : null);
    try {
      const frame = poster.current?.file === file ? await poster.current.frame : null;
      const post = await publish(
        { ...newPostOf({ ...draft, weapon }, { file, poster: frame }), clubId: club?.id },
        setProgress,
      );
      // Published: the kept draft goes with the form's (the reset writes the empty draft, i.e. none).
      visibilityChosen.current = false;
      form.reset(emptyDraft(draft.weapon, startVisibility));
      if (userId) writeDraft(userId, weapon, null);
      setFile(null);
      onPosted?.(post);
    } catch {
      // The store has shown the spec's toast; the draft stays for another try.
    } finally {
      setPending(false);
      setProgress(null);
    }
  }

  return (
    <form
      aria-label={t('composer.formLabel')}
      data-testid="composer"
      onSubmit={(event) => {
        if (pending || bannedUntil) event.preventDefault();
        else form.onSubmit(submit)(event);
      }}
      className={COMPOSER_CLASS}
    >
      {bannedUntil ? <BannedNote until={bannedUntil} id={`${formId}-banned`} className="mb-3" /> : null}
      <fieldset disabled={!!bannedUntil} className="m-0 min-w-0 border-0 p-0">
        <div className="flex gap-3">
          <Avatar avatar={user.avatar} name={user.name} />
          <div className="min-w-0 flex-1">
            <label htmlFor="post-content" className="sr-only">
              {t('composer.contentLabel')}
            </label>
            <MentionTextarea
              id="post-content"
              rows={3}
              {...contentInput}
              maxLength={LIMITS.postContent}
              disabled={pending}
              aria-describedby={bannedUntil ? `${formId}-banned` : undefined}
              placeholder={contentPlaceholder(weapon, club)}
              className={CONTENT_CLASS}
            />
          </div>
        </div>

        <div className={CONTROLS_CLASS}>
          <div role="radiogroup" aria-label={t('composer.typeLabel')} className={TYPE_GROUP_CLASS}>
            {POST_TYPE_CHOICES.map(({ value, label, icon: Icon }) => (
              <label key={value} className={typeChoiceClass(type === value)}>
                <input
                  type="radio"
                  id={`post-type-${value}`}
                  value={value}
                  {...typeInput}
                  className="sr-only"
                />
                <Icon aria-hidden className="size-4" />
                {t(label)}
              </label>
            ))}
          </div>
          {chooseWeapon ? (
            <label className={CHOICE_CLASS}>
              {t('composer.community')}
              <select id="post-weapon" {...weaponInput} className={SELECT_CLASS}>
                {WEAPONS.map((w) => (
                  <option key={w} value={w}>
                    {weaponLabel(w)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className={CHOICE_CLASS}>
            <VisibilityIcon visibility={visibility} />
            {t('composer.whoSees')}
            <select
              id="post-visibility"
              {...visibilityInput}
              onChange={(event) => {
                visibilityChosen.current = true;
                void onVisibilityChange(event);
              }}
              className={SELECT_CLASS}
            >
              <VisibilityOptions club={!!club} />
            </select>
          </label>
          {/* The Photo/Video button is the one focus stop and the name; the input only opens the file picker. */}
          <input
            ref={fileInput}
            id="post-media"
            type="file"
            accept="image/*,video/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={chooseFile}
            disabled={pending}
          />
          <Button
            variant="ghost"
            className={PHOTO_BUTTON_CLASS}
            disabled={pending}
            onClick={() => fileInput.current?.click()}
          >
            <ImagePlus aria-hidden className="size-4" />
            {t('composer.media')}
          </Button>
        </div>

        {type !== 'general' ? <DetailFields kind={type} field={form.field} /> : null}

        {file && preview ? (
          <div className="relative mt-4 overflow-hidden rounded-xl border border-slate-200 bg-slate-50 sm:ml-13 dark:border-slate-800 dark:bg-slate-800/50">
            {file.type.startsWith('video/') ? (
              <video src={preview} controls className="max-h-72 w-full bg-black" />
            ) : (
              <img
                src={preview}
                alt={t('composer.mediaPreview')}
                className="max-h-72 w-full object-contain"
              />
            )}
            {!pending ? (
              <IconButton
                label={t('composer.removeMedia')}
                icon={X}
                iconClassName="size-4"
                onClick={() => setFile(null)}
                className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-full bg-slate-900/70 text-white transition hover:bg-slate-900"
              />
            ) : null}
            <p className="truncate border-t border-slate-200 bg-white px-3 py-1.5 text-xs text-slate-500 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
              {file.name}
            </p>
          </div>
        ) : null}

        {isImage ? (
          <div className="mt-3 sm:ml-13">
            <label
              htmlFor="post-media-alt"
              className="mb-1 block text-xs font-semibold text-slate-600 dark:text-slate-300"
            >
              {t('composer.altLabel')}
            </label>
            <textarea
              id="post-media-alt"
              rows={2}
              {...mediaAltInput}
              maxLength={MEDIA_ALT_MAX}
              disabled={pending}
              aria-describedby={`${formId}-alt-nudge`}
              placeholder={t('composer.altPlaceholder')}
              className={`${controlClassName(false)} resize-y`}
            />
            {/* A nudge, never a block: the post goes out without a description too. */}
            <p
              id={`${formId}-alt-nudge`}
              role="status"
              aria-live="polite"
              className="mt-1 text-xs text-amber-700 dark:text-amber-300"
            >
              {mediaAlt.trim() ? '' : t('composer.altNudge')}
            </p>
          </div>
        ) : null}

        {progress !== null ? (
          <div className="mt-3 sm:ml-13" role="status" aria-live="polite">
            <div className="mb-1 flex justify-between text-xs font-medium text-slate-500 dark:text-slate-400">
              <span>{progress < 1 ? t('composer.uploading') : t('composer.publishing')}</span>
              <span className="tabular-nums">{Math.round(progress * 100)}%</span>
            </div>
            <div
              role="progressbar"
              aria-label={t('composer.uploadProgress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
            >
              <div
                className="h-full rounded-full bg-slate-900 transition-[width]"
                style={{ width: `${progress * 100}%` }}
              />
            </div>
          </div>
        ) : null}

        <div className={FOOTER_CLASS}>
          {!chooseWeapon ? (
            <span className="mr-auto text-xs text-slate-500 dark:text-slate-400">
              {t('composer.postingTo', { weapon: weaponLabel(weapon) })}
            </span>
          ) : null}
          <Button type="submit" disabled={!content.trim() || pending} className="min-w-24">
            {pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
            {pending ? t('composer.posting') : t('composer.post')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
