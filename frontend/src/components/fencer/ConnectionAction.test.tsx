import type { ConnectionState, FencerProfile } from '@piste/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { ConnectionAction } from './ConnectionAction';

// A plain anchor for Link: the markup is what is checked, not the navigation.
jest.mock('../../lib/router', () => ({
  Link: ({ to, ...props }: { to: string }) =>
    jest.requireActual<typeof import('react')>('react').createElement('a', { href: to, ...props }),
}));

const FENCER_ID = '0b4f7a0e-3c55-4e8e-9a57-5a8c2f1d9e01';

function fencer(connection: ConnectionState, requestId?: string): FencerProfile {
  return {
    profile: {
      id: FENCER_ID,
      username: 'claire',
      name: 'Claire Dubois',
      avatar: null,
      title: null,
      bio: null,
      location: null,
      weaponSpecialty: 'epee',
      role: 'coach',
      achievements: [],
      postsCount: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
    },
    connection,
    requestId,
    record: [],
  };
}

/** The controls shown for a connection state: each button or link with its text, and where links go. */
function controls(connection: ConnectionState, requestId?: string) {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(
    <ConnectionAction
      fencer={fencer(connection, requestId)}
      onStanding={() => undefined}
      onStale={() => undefined}
    />,
  );
  return [...host.querySelectorAll('a, button')].map((element) => ({
    text: element.textContent?.trim(),
    href: element.getAttribute('href'),
    disabled: element.hasAttribute('disabled'),
  }));
}

describe('ConnectionAction', () => {
  it('offers Edit profile on your own page', () => {
    expect(controls('self')).toEqual([{ text: 'Edit profile', href: '/profile', disabled: false }]);
  });

  it('offers Connect when there is nothing between you', () => {
    expect(controls('none')).toEqual([{ text: 'Connect', href: null, disabled: false }]);
  });

  it('shows Pending, which cannot be pressed, beside Withdraw after you asked', () => {
    expect(controls('pending-sent', 'request-1')).toEqual([
      { text: 'Pending', href: null, disabled: true },
      { text: 'Withdraw', href: null, disabled: false },
    ]);
  });

  it('offers Accept (and Decline) when they asked you', () => {
    expect(controls('pending-received', 'request-1')).toEqual([
      { text: 'Accept', href: null, disabled: false },
      { text: 'Decline', href: null, disabled: false },
    ]);
  });

  it('offers Message, opening the conversation with them, once connected', () => {
    expect(controls('connected')).toEqual([
      { text: 'Message', href: `/messages?with=${FENCER_ID}`, disabled: false },
    ]);
  });
});
