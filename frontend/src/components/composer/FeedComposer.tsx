import { LIMITS, type SessionUser, type Weapon } from '@piste/contracts';
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { readDraft } from '../../lib/drafts';
import { weaponLabel } from '../../lib/weapons';
import { useBannedUntil } from '../../stores/ban';
import { Avatar } from '../Avatar';
import { BannedNote } from '../BannedNote';
import { Button } from '../Button';
import type { Composer as ComposerComponent } from '../Composer';
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
} from './composer-look';

interface FeedComposerProps {
  user: SessionUser | null;
  weapon: Weapon;
}

type ComposerModule = { Composer: typeof ComposerComponent };

/**
 * The feed's composer. Most visits only read, so its form (validation, uploads, mentions) is fetched when the author
 * reaches for it — focus or a press anywhere on it — or at once when a draft is kept for this feed. Until then a
 * stand-in draws the same boxes (nothing moves when the form takes its place) with a real text box: what is typed
 * there, and the focus, carry over to the form.
 */
export function FeedComposer({ user, weapon }: FeedComposerProps) {
  const [loaded, setLoaded] = useState<ComposerModule | null>(null);
  const [asked, setAsked] = useState(false);
  const [typed, setTyped] = useState('');
  const frame = useRef<HTMLDivElement>(null);
  const handOverFocus = useRef(false);
  const kept = user ? readDraft(user.id, weapon) !== null : false;
  const wanted = asked || kept || !user;

  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    import('../Composer').then(
      (module) => {
        if (current) setLoaded(module);
      },
      // Not fetched (the network dropped): the stand-in stays, and reaching for it again tries again.
      () => {
        if (current) setAsked(false);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, loaded]);

  // The form replaced the stand-in while the author was in its text box: the caret follows, at the end, in the
  // same commit (a keystroke in between would find no text box to go to).
  useLayoutEffect(() => {
    if (!loaded || !handOverFocus.current) return;
    handOverFocus.current = false;
    const field = frame.current?.querySelector<HTMLTextAreaElement>('#post-content');
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, [loaded]);

  return (
    <div ref={frame}>
      {loaded ? (
        <loaded.Composer user={user} weapon={weapon} typed={typed} />
      ) : user ? (
        <ComposerStandIn
          user={user}
          weapon={weapon}
          typed={typed}
          onType={setTyped}
          onReach={(inText) => {
            handOverFocus.current ||= inText;
            setAsked(true);
          }}
        />
      ) : null}
    </div>
  );
}

interface StandInProps {
  user: SessionUser;
  weapon: Weapon;
  typed: string;
  onType: (text: string) => void;
  /** The author reached for the composer; `inText` when they are in its text box. */
  onReach: (inText: boolean) => void;
}

/**
 * The composer as it first shows, without its form: the text box takes typing, the rest is drawn only (inert,
 * so neither the keyboard nor a screen reader stops on it) until the form arrives. While a ban lasts it is closed
 * and says so, as the form would be.
 */
function ComposerStandIn({ user, weapon, typed, onType, onReach }: StandInProps) {
  const bannedUntil = useBannedUntil();
  const noteId = useId();
  const visibility = defaultVisibility(user.role ?? null);
  const { t } = useTranslation('feed');
  return (
    <div
      data-testid="composer"
      className={COMPOSER_CLASS}
      onPointerDown={() => onReach(false)}
      onFocus={(event) => onReach(event.target instanceof HTMLTextAreaElement)}
    >
      {bannedUntil ? <BannedNote until={bannedUntil} id={noteId} className="mb-3" /> : null}
      <fieldset disabled={!!bannedUntil} className="m-0 min-w-0 border-0 p-0">
        <div className="flex gap-3">
          <Avatar avatar={user.avatar} name={user.name} />
          <div className="min-w-0 flex-1">
            <label htmlFor="post-content" className="sr-only">
              {t('composer.contentLabel')}
            </label>
            <textarea
              id="post-content"
              rows={3}
              value={typed}
              onChange={(event) => onType(event.target.value)}
              maxLength={LIMITS.postContent}
              aria-describedby={bannedUntil ? noteId : undefined}
              placeholder={contentPlaceholder(weapon)}
              className={CONTENT_CLASS}
            />
          </div>
        </div>
        {/* Drawn, not yet working: a press here fetches the form, which then takes it. */}
        <div className={CONTROLS_CLASS} inert={!bannedUntil}>
          <div className={TYPE_GROUP_CLASS}>
            {POST_TYPE_CHOICES.map(({ value, label, icon: Icon }) => (
              <span key={value} className={typeChoiceClass(value === 'general')}>
                <Icon aria-hidden className="size-4" />
                {t(label)}
              </span>
            ))}
          </div>
          <label className={CHOICE_CLASS}>
            <VisibilityIcon visibility={visibility} />
            {t('composer.whoSees')}
            <select
              id="post-visibility"
              value={visibility}
              onChange={() => undefined}
              className={SELECT_CLASS}
            >
              <VisibilityOptions club={false} />
            </select>
          </label>
          <Button variant="ghost" className={PHOTO_BUTTON_CLASS}>
            <ImagePlus aria-hidden className="size-4" />
            {t('composer.media')}
          </Button>
        </div>
        <div className={FOOTER_CLASS} inert={!bannedUntil}>
          <span className="mr-auto text-xs text-slate-500 dark:text-slate-400">
            {t('composer.postingTo', { weapon: weaponLabel(weapon) })}
          </span>
          <Button disabled className="min-w-24">
            {t('composer.post')}
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
