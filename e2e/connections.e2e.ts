import type { Page } from 'playwright-core';
import { makePng } from '../backend/test/media-fixtures';
import { connect } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { screenshot } from './ui';

const connectionsBadge = (page: Page) => page.getByRole('link', { name: 'Connections' }).getByTestId('badge');

describeInBrowser('connections and profile', () => {
  const journey = journeyFixture();

  it('A finds B, B sees the request live and accepts, both are connected; A edits the profile with a new avatar', async () => {
    const [{ page: A, username: aName }, { page: B, username: bName }] = await journey.signUpEach(
      'alice',
      'bruno',
    );

    // A: Discover, find B by part of the username, connect.
    await A.getByRole('link', { name: 'Connections' }).click();
    await A.getByText('No connections yet').waitFor();
    await A.getByRole('tab', { name: /Discover/ }).click();
    await A.getByText('Search for fencers', { exact: true }).waitFor();
    await A.getByPlaceholder('Search for fencers by name or username...').fill(
      bName.slice(0, 8).toUpperCase(),
    );
    const result = A.getByTestId('person-card').filter({ hasText: `@${bName}` });
    await result.waitFor();
    await screenshot(A, 'connections-discover-results');
    await screenshot(A, 'connections-discover-results', { phone: true });
    await result.getByRole('button', { name: `Connect with Fencer ${bName}` }).click();
    await A.getByText('Your connection request has been sent successfully.').waitFor();
    await result.getByText('Request sent').waitFor();
    // A's badge: green with the sent count.
    await expect(connectionsBadge(A).textContent()).resolves.toBe('1');
    await expect(connectionsBadge(A).getAttribute('class')).resolves.toContain('bg-emerald-700');
    await A.getByRole('tab', { name: /Sent Connection Requests/ }).click();
    await A.getByTestId('person-card')
      .filter({ hasText: `@${bName}` })
      .waitFor();
    await screenshot(A, 'connections-sent');

    // B: the red badge lights up without a reload.
    await connectionsBadge(B).waitFor();
    await expect(connectionsBadge(B).textContent()).resolves.toBe('1');
    await expect(connectionsBadge(B).getAttribute('class')).resolves.toContain('bg-red-600');
    await screenshot(B, 'connections-badge-live');

    // A goes to Your Connections and waits there while B accepts.
    await A.getByRole('tab', { name: /Your Connections/ }).click();
    await A.getByText('No connections yet').waitFor();

    await B.getByRole('link', { name: 'Connections' }).click();
    await B.getByRole('tab', { name: /^Connection Requests/ }).click();
    const request = B.getByTestId('person-card').filter({ hasText: `@${aName}` });
    await request.waitFor();
    await screenshot(B, 'connections-incoming');
    await screenshot(B, 'connections-incoming', { phone: true });
    await request.getByRole('button', { name: `Accept connection request from Fencer ${aName}` }).click();
    await B.getByText('You are now connected!').waitFor();
    await B.getByText('No pending requests').waitFor();
    await expect(connectionsBadge(B).count()).resolves.toBe(0);
    await B.getByRole('tab', { name: /Your Connections/ }).click();
    await B.getByTestId('person-card')
      .filter({ hasText: `@${aName}` })
      .waitFor();

    // A: the connection appears live and the green badge goes.
    await A.getByTestId('person-card')
      .filter({ hasText: `@${bName}` })
      .waitFor();
    await expect(A.getByTestId('tab-count-connections').textContent()).resolves.toContain('1');
    await connectionsBadge(A).waitFor({ state: 'detached' });
    await screenshot(A, 'connections-yours');
    await screenshot(A, 'connections-yours', { phone: true });

    // A: profile, edit, Cancel restores stored values and drops the chosen image.
    await A.getByRole('link', { name: 'Your profile' }).click();
    await A.getByRole('heading', { name: 'Your Profile' }).waitFor();
    await A.getByText('Manage your account settings and preferences').waitFor();
    await A.getByTestId('profile-email').getByText(`${aName}@example.com`).waitFor();
    await screenshot(A, 'profile-view');
    await screenshot(A, 'profile-view', { phone: true });
    const png = { name: 'avatar.png', mimeType: 'image/png', buffer: makePng(96, 96, [220, 38, 38]) };

    await A.getByRole('button', { name: 'Edit Profile' }).click();
    await A.locator('#profile-name').fill('Changed Then Cancelled');
    await A.locator('#profile-avatar-input').setInputFiles(png);
    await A.getByTestId('avatar-preview').waitFor();
    await A.getByRole('button', { name: 'Cancel' }).click();
    await A.getByTestId('profile-name').getByText(`Fencer ${aName}`).waitFor();
    await A.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(A.locator('#profile-name').inputValue()).resolves.toBe(`Fencer ${aName}`);
    await expect(A.getByTestId('avatar-preview').count()).resolves.toBe(0);

    // Validation texts.
    await A.locator('#profile-name').fill('   ');
    await A.getByRole('button', { name: 'Save' }).click();
    await A.getByText('Name required').waitFor();
    await A.locator('#profile-name').fill('Alice Lunge');
    await A.locator('#profile-email').fill('not-an-email');
    await A.getByRole('button', { name: 'Save' }).click();
    await A.getByText('Invalid email').waitFor();
    await A.locator('#profile-avatar-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await A.getByText('Please select an image file', { exact: true }).waitFor();

    // Save with a real PNG: the Header shows the new avatar and the new name.
    await A.locator('#profile-email').fill(`${aName}@example.org`);
    await A.locator('#profile-title').fill('Épée coach');
    await A.locator('#profile-weapon').selectOption('sabre');
    await A.locator('#profile-avatar-input').setInputFiles(png);
    await A.getByTestId('avatar-preview').waitFor();
    await screenshot(A, 'profile-edit');
    await screenshot(A, 'profile-edit', { phone: true });
    await A.getByRole('button', { name: 'Save' }).click();
    await A.getByText('Your profile has been updated successfully').waitFor();
    const headerAvatar = A.getByRole('link', { name: 'Your profile' }).locator('img');
    await headerAvatar.waitFor();
    await expect(headerAvatar.getAttribute('src')).resolves.toMatch(/^\/objects\/avatar\//);
    await expect(
      headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).resolves.toBe(96);
    await A.getByTestId('profile-display-name').getByText('Alice Lunge').waitFor();
    await A.getByTestId('profile-weapon-specialty').getByText('Sabre').waitFor();
    await screenshot(A, 'profile-saved');

    // Still true after a reload: it was stored.
    await A.reload();
    await A.getByTestId('profile-title').getByText('Épée coach').waitFor();
    await expect(
      A.getByRole('link', { name: 'Your profile' }).locator('img').getAttribute('src'),
    ).resolves.toMatch(/^\/objects\/avatar\//);
  });

  it('blocking from Your Connections marks the connection and hides it from the other side; unblocking restores it', async () => {
    const [{ page: A, username: aName }, { page: B, username: bName }] = await journey.signUpEach(
      'carla',
      'dmitri',
    );
    // Connected through the API, whose cookies the browsers share.
    await connect(A.request, B.request);

    await A.goto('/connections');
    const card = A.getByTestId('person-card').filter({ hasText: `@${bName}` });
    await card.waitFor();
    await card.getByRole('button', { name: `More actions for Fencer ${bName}` }).click();
    await A.getByRole('menuitem', { name: 'Block User' }).click();
    await A.getByRole('dialog').getByRole('button', { name: 'Block User' }).click();
    await A.getByText("User blocked successfully. You won't receive messages from them.").waitFor();
    await card.getByText('Blocked', { exact: true }).waitFor();
    await screenshot(A, 'connections-blocked');

    await B.goto('/connections');
    await B.getByText('No connections yet').waitFor();

    await card.getByRole('button', { name: 'Unblock' }).click();
    await A.getByText('User unblocked successfully. You can now receive messages from them.').waitFor();
    await card.getByText('Blocked', { exact: true }).waitFor({ state: 'detached' });
    await B.reload();
    await B.getByTestId('person-card')
      .filter({ hasText: `@${aName}` })
      .waitFor();
  });
});
