import { DataSource } from 'typeorm';
import { ApiClient, makeUser, uniqueName, useTestApp } from './helpers';
import { useMailbox } from './mailbox';

/** DESIGN.md §8: the account's language, else the browser's, else English; errors carry a code beside the text. */
describe('languages', () => {
  const t = useTestApp();

  const NIL = '00000000-0000-4000-8000-000000000000';

  it('answers an error in the browser’s language, with its code, until the account chooses one', async () => {
    const { client } = await makeUser(t);
    const fr = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' };

    await expect(client.request('GET', `/api/users/${NIL}`)).resolves.toMatchObject({
      status: 404,
      body: { message: 'User not found', code: 'users.not_found' },
    });
    await expect(client.request('GET', `/api/users/${NIL}`, undefined, fr)).resolves.toMatchObject({
      status: 404,
      body: { message: 'Utilisateur introuvable', code: 'users.not_found' },
    });
    // A language Piste does not speak falls back to English.
    await expect(
      client.request('GET', `/api/users/${NIL}`, undefined, { 'accept-language': 'de' }),
    ).resolves.toMatchObject({ body: { message: 'User not found' } });

    // The account's choice wins over the browser's.
    await expect(client.put('/api/account/language', { language: 'fr' })).resolves.toMatchObject({
      status: 200,
      body: { language: 'fr' },
    });
    await expect(client.get(`/api/users/${NIL}`)).resolves.toMatchObject({
      body: { message: 'Utilisateur introuvable', code: 'users.not_found' },
    });
    await expect(client.get('/api/user')).resolves.toMatchObject({ status: 200, body: { language: 'fr' } });
    await expect(
      client.request('GET', `/api/users/${NIL}`, undefined, { 'accept-language': 'en' }),
    ).resolves.toMatchObject({ body: { message: 'Utilisateur introuvable' } });

    // Null follows the browser again.
    await expect(client.put('/api/account/language', { language: null })).resolves.toMatchObject({
      status: 200,
      body: { language: null },
    });
    await expect(client.get('/api/user')).resolves.toMatchObject({ body: { language: null } });
    await expect(client.get(`/api/users/${NIL}`)).resolves.toMatchObject({
      body: { message: 'User not found' },
    });
  });

  it('refuses a language it does not speak, and a caller who is not signed in', async () => {
    const { client } = await makeUser(t);
    for (const body of [{ language: 'de' }, { language: 5 }, {}, { language: 'EN' }]) {
      const res = await client.put('/api/account/language', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body).toMatchObject({ message: 'Language must be one of en, fr, or null' });
      expect(typeof (res.body as { code: unknown }).code).toBe('string');
    }
    await expect(
      new ApiClient(t.url).put('/api/account/language', { language: 'fr' }),
    ).resolves.toMatchObject({
      status: 401,
      body: { message: 'Not signed in', code: 'request.not_signed_in' },
    });
    await expect(
      new ApiClient(t.url).request(
        'PUT',
        '/api/account/language',
        { language: 'fr' },
        { 'accept-language': 'fr' },
      ),
    ).resolves.toMatchObject({ status: 401, body: { message: 'Vous n’êtes pas connecté' } });
  });

  it('gives every kind of error a code: a domain’s, a request’s, a malformed body’s', async () => {
    const { client } = await makeUser(t);
    await expect(
      client.post('/api/login', { username: uniqueName(), password: 'wrong-password' }),
    ).resolves.toMatchObject({
      status: 401,
      body: { message: 'Invalid username or password', code: 'auth.invalid_credentials' },
    });
    await expect(client.get('/api/clubs/no-such-club')).resolves.toMatchObject({
      status: 404,
      body: { message: 'Club not found', code: 'clubs.not_found' },
    });
    await expect(
      client.request('POST', '/api/posts', '{"content": ', {
        'content-type': 'application/json',
        'accept-language': 'fr',
      }),
    ).resolves.toMatchObject({
      status: 400,
      body: { message: 'Le corps de la requête n’est pas du JSON valide', code: 'request.malformed_json' },
    });
    await expect(client.get('/api/admin/users')).resolves.toMatchObject({
      status: 403,
      body: { message: 'Admin access required', code: 'request.admin_only' },
    });
  });

  it('says a broken request rule in the request’s language, with the same code', async () => {
    const { client } = await makeUser(t);
    const fr = { 'accept-language': 'fr' };
    const emptyPost = { content: '  ', weapon: 'epee' };

    await expect(client.post('/api/posts', emptyPost)).resolves.toMatchObject({
      status: 400,
      body: { message: 'Please enter some content for your post.', code: 'validation.invalid' },
    });
    await expect(client.request('POST', '/api/posts', emptyPost, fr)).resolves.toMatchObject({
      status: 400,
      body: { message: 'Veuillez écrire quelque chose dans votre publication.', code: 'validation.invalid' },
    });
    // A rule with a value keeps its value in every language.
    const longComment = { postId: '00000000-0000-4000-8000-000000000000', content: 'x'.repeat(2001) };
    await expect(client.request('POST', '/api/comments', longComment, fr)).resolves.toMatchObject({
      status: 400,
      body: { message: 'Un commentaire peut compter au plus 2000 caractères', code: 'validation.invalid' },
    });
    await expect(client.post('/api/comments', longComment)).resolves.toMatchObject({
      status: 400,
      body: { message: 'Comments can be at most 2000 characters', code: 'validation.invalid' },
    });
    // A query's rule, and the account's language without a header.
    await expect(client.put('/api/account/language', { language: 'fr' })).resolves.toMatchObject({
      status: 200,
    });
    await expect(client.get('/api/saves?limit=0')).resolves.toMatchObject({
      status: 400,
      body: { message: 'La limite doit être un nombre entier de 1 à 50', code: 'validation.invalid' },
    });
    // A rule no schema words (a page offset that is not a number): zod's own text, in zod's French.
    await expect(client.get('/api/posts/epee?offset=abc')).resolves.toMatchObject({
      status: 400,
      body: { message: 'Entrée invalide : nombre attendu, NaN reçu', code: 'validation.invalid' },
    });
    await expect(client.put('/api/account/language', { language: 'en' })).resolves.toMatchObject({
      status: 200,
    });
    await expect(client.get('/api/posts/epee?offset=abc')).resolves.toMatchObject({
      status: 400,
      body: { message: 'Invalid input: expected number, received NaN', code: 'validation.invalid' },
    });
  });

  it('keeps the language the browser asked for at sign-up and sign-in, and tells it to the session', async () => {
    const client = new ApiClient(t.url);
    const username = uniqueName();
    const registered = await client.request(
      'POST',
      '/api/register',
      { username, email: `${username}@example.com`, name: 'Margaux', password: 'secret123' },
      { 'accept-language': 'fr-FR' },
    );
    expect(registered).toMatchObject({ status: 201, body: { username, language: null } });
    const row = await t.app
      .get(DataSource)
      .query<{ browserLanguage: string | null; language: string | null }[]>(
        `SELECT "browserLanguage", "language" FROM users WHERE "username" = $1`,
        [username],
      );
    expect(row).toEqual([{ browserLanguage: 'fr', language: null }]);

    await client.request('GET', '/api/user', undefined, { 'accept-language': 'en-GB,en;q=0.8' });
    const after = await t.app
      .get(DataSource)
      .query<{ browserLanguage: string | null }[]>(
        `SELECT "browserLanguage" FROM users WHERE "username" = $1`,
        [username],
      );
    expect(after).toEqual([{ browserLanguage: 'en' }]);
  });
});

describe('mail in the recipient’s language', () => {
  const mailbox = useMailbox();
  const t = useTestApp(mailbox.env);

  it('mails a French fencer in French: the verification at sign-up, then a reset once they chose French', async () => {
    const client = new ApiClient(t.url);
    const username = uniqueName();
    const email = `${username}@example.com`;
    const registered = await client.request(
      'POST',
      '/api/register',
      { username, email, name: 'Margaux', password: 'secret123' },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    expect(registered.status).toBe(201);
    const welcome = await mailbox.waitForMail(
      email,
      (m) => m.subject === 'Confirmez votre adresse e-mail pour Piste',
    );
    expect(welcome.text).toContain(`Bienvenue sur Piste, ${username}.`);

    // Chosen in settings, English wins over the browser's French.
    expect((await client.put('/api/account/language', { language: 'en' })).status).toBe(200);
    expect((await new ApiClient(t.url).post('/api/password/forgot', { login: username })).status).toBe(202);
    await mailbox.waitForMail(email, (m) => m.subject === 'Reset your Piste password');

    expect((await client.put('/api/account/language', { language: 'fr' })).status).toBe(200);
    expect((await new ApiClient(t.url).post('/api/password/forgot', { login: username })).status).toBe(202);
    const reset = await mailbox.waitForMail(
      email,
      (m) => m.subject === 'Réinitialisez votre mot de passe Piste',
    );
    expect(reset.text).toContain('Choisir un nouveau mot de passe');
    expect(reset.html).toContain('<html lang="fr">');
  });
});
