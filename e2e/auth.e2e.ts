import { describeInBrowser, journeyFixture } from './journey';
import { screenshot, signedIn, submitLogin } from './ui';

describeInBrowser('signing up, in and out', () => {
  const journey = journeyFixture();

  it('registers, lands on the feed, stays signed in across a reload, and logs out to the auth screen', async () => {
    const { page, username } = await journey.signUp();
    await page.getByText('Account created successfully').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/(epee)?$/);
    await screenshot(page, 'auth-feed-after-register');

    await page.reload();
    await signedIn(page);
    await expect(page.getByRole('tab', { name: 'Register' }).count()).resolves.toBe(0);

    await page.getByRole('link', { name: 'Your profile' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('You have been logged out successfully').waitFor();
    await page.getByRole('tab', { name: 'Login' }).waitFor();

    // signed out: every path shows only the auth screen
    await page.goto('/messages');
    await page.getByRole('tab', { name: 'Login' }).waitFor();

    // and signing back in works
    await submitLogin(page, username);
    await page.getByText(`Logged in as ${username}`).waitFor();
  });

  it('shows the validation texts of the auth forms', async () => {
    const { page } = await journey.newTab();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.locator('#register-password').fill('123');
    await page.locator('#register-confirm-password').fill('1234');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByText('You must accept the terms and conditions').waitFor();
    await screenshot(page, 'auth-register-validation');
  });

  it('shows the server message when login fails', async () => {
    const { page } = await journey.newTab();
    await page.goto('/');
    await submitLogin(page, 'nobody_here', 'wrong-password');
    await page.getByText('Login failed').first().waitFor();
    await page.getByText('Invalid username or password').first().waitFor();
  });

  it('shows 404 Page Not Found for an unknown path', async () => {
    const { page } = await journey.signUp();
    await page.goto('/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    await page.goto('/kendo');
    await page.getByText('404 Page Not Found').waitFor();
  });
});
