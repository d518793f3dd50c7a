import i18next from 'i18next';
import { act } from 'react';
import { Trans } from 'react-i18next';
import { mountEach } from '../test-support/mounted';
import { useTranslation } from './use-translation';

function Reactions({ likes }: { likes: number }) {
  const { t } = useTranslation(['feed', 'common']);
  return (
    <p>
      {t('reactions.like')} / {t('reactions.likeCount', { count: likes })} / {t('common:actions.tryAgain')}
    </p>
  );
}

function BanLine() {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Trans
      t={t}
      i18nKey="moderation.ban.description"
      values={{ name: 'Hugo' }}
      components={{ name: <b /> }}
    />
  );
}

const view = mountEach(() => (
  <>
    <Reactions likes={1} />
    <Reactions likes={2} />
    <BanLine />
  </>
));
const lines = () => [...view.host().querySelectorAll('p')].map((p) => p.textContent);

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
  jest.restoreAllMocks();
});

describe('useTranslation', () => {
  it('says the words of its namespaces, counted', () => {
    expect(lines()).toEqual(['Like / Like, 1 like / Try again', 'Like / Like, 2 likes / Try again']);
  });

  it('gives <Trans> the namespace of its t', () => {
    expect(view.host().textContent).toContain('Temporarily ban Hugo from posting and commenting.');
    expect(view.host().querySelector('b')?.textContent).toBe('Hugo');
  });

  it('follows the language shown', async () => {
    await act(() => i18next.changeLanguage('fr'));
    expect(lines()[0]).toBe('J’aime / J’aime, 1 j’aime / Réessayer');
    expect(view.host().textContent).toContain('Hugo');
    expect(view.host().textContent).not.toContain('Temporarily');
  });

  it('asks i18next once for a key, or a key and a count, while the words stay the same', () => {
    const asked = jest.spyOn(i18next, 't');
    view.render(
      <>
        <Reactions likes={1} />
        <Reactions likes={2} />
        <Reactions likes={2} />
      </>,
    );
    // Mounted before: nothing new to ask.
    expect(asked).not.toHaveBeenCalled();
    view.render(<Reactions likes={3} />);
    expect(asked.mock.calls.map(([key]) => key)).toEqual(['reactions.likeCount']);
  });

  it('keeps a component’s t while the language stays, whatever catalogues arrive', async () => {
    const ts: unknown[] = [];
    function Recorder({ n }: { n: number }) {
      const { t } = useTranslation('feed');
      ts.push(t);
      return <span>{n}</span>;
    }
    view.render(<Recorder n={1} />);
    act(() => {
      i18next.emit('loaded', { en: ['feed'] });
    });
    view.render(<Recorder n={2} />);
    await act(() => i18next.changeLanguage('fr'));
    expect(ts[1]).toBe(ts[0]);
    expect(ts[ts.length - 1]).not.toBe(ts[0]);
  });

  it('asks again once a catalogue has arrived', () => {
    const asked = jest.spyOn(i18next, 't');
    act(() => {
      i18next.emit('loaded', { en: ['feed'] });
    });
    view.render(<Reactions likes={1} />);
    expect(asked.mock.calls.map(([key]) => key)).toEqual([
      'reactions.like',
      'reactions.likeCount',
      'common:actions.tryAgain',
    ]);
  });
});
