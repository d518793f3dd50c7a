import { notificationMessage, storedText, type NotificationText } from './notification-texts';

const render = (text: NotificationText, language: 'en' | 'fr' = 'en') =>
  notificationMessage({ ...storedText(text), message: null }, language);

describe('notification texts', () => {
  it('say in English exactly what the notifications always said', () => {
    const actor = 'Lucie Dubois';
    const club = 'Cercle d’escrime de Lyon';
    // The texts as they were built before they were kept as kinds, one for each.
    const before: Array<[NotificationText, string]> = [
      [{ kind: 'post_liked', actor }, `${actor} liked your post`],
      [{ kind: 'post_disliked', actor }, `${actor} disliked your post`],
      [{ kind: 'post_commented', actor }, `${actor} commented on your post`],
      [{ kind: 'mentioned_in_post', actor }, `${actor} mentioned you in a post`],
      [{ kind: 'mentioned_in_comment', actor }, `${actor} mentioned you in a comment`],
      [{ kind: 'message_sent', actor }, `${actor} sent you a message`],
      [{ kind: 'connection_requested', actor }, `${actor} sent you a connection request`],
      [{ kind: 'connection_accepted', actor }, `${actor} accepted your connection request`],
      [{ kind: 'event_going', actor, event: 'Open de Paris' }, `${actor} is going to Open de Paris`],
      [{ kind: 'club_join_asked', actor, club }, `${actor} asks to join ${club}`],
      [{ kind: 'club_joined', club }, `You are now a member of ${club}`],
      [{ kind: 'club_handed_over', actor, club }, `${actor} handed ${club} over to you`],
      [{ kind: 'club_made_admin', club }, `You are now an admin of ${club}`],
      [{ kind: 'club_made_coach', club }, `You are now a coach of ${club}`],
      [{ kind: 'club_made_member', club }, `You are now a member of ${club}`],
      [
        { kind: 'bout_logged', actor, yours: 3, theirs: 15 },
        `${actor} logged a bout against you (3–15): confirm or dispute it`,
      ],
      [{ kind: 'bout_confirmed', actor }, `${actor} confirmed your bout`],
      [{ kind: 'bout_disputed', actor }, `${actor} disputed your bout`],
      [{ kind: 'export_ready' }, 'Your data export is ready to download.'],
    ];
    for (const [text, english] of before)
      expect({ kind: text.kind, text: render(text) }).toEqual({
        kind: text.kind,
        text: english,
      });
  });

  it('say it in French to a French reader', () => {
    expect(render({ kind: 'post_liked', actor: 'Lucie' }, 'fr')).toBe('Lucie a aimé votre publication');
    expect(render({ kind: 'club_made_coach', club: 'CE Lyon' }, 'fr')).toBe(
      'Vous êtes maintenant maître d’armes de CE Lyon',
    );
    expect(render({ kind: 'bout_logged', actor: 'Lucie', yours: 5, theirs: 4 }, 'fr')).toBe(
      'Lucie a noté un assaut contre vous (5–4)\u202f: confirmez-le ou contestez-le',
    );
  });

  it('put names in as they are, even ones that look like placeholders', () => {
    const actor = '{{club}} $t(push:someone) <b>';
    expect(render({ kind: 'club_join_asked', actor, club: 'Salle' })).toBe(`${actor} asks to join Salle`);
  });

  it('leave a notification stored before kinds existed as it was written', () => {
    const old = { kind: null, params: null, message: 'Bruno liked your post' };
    expect(notificationMessage(old, 'fr')).toBe('Bruno liked your post');
    expect(notificationMessage({ ...old, kind: 'no_such_kind' }, 'en')).toBe('Bruno liked your post');
  });
});
