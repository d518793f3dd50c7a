import type { FeedPost } from '@piste/contracts';
import { makePost, makeUser, type TestUser, useTestApp } from './helpers';
import { makeMp4, makePng, uploadFile } from './media-fixtures';

describe('video posters', () => {
  const t = useTestApp({}, { ownDataDir: true });
  let author: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    [author, other] = await Promise.all([makeUser(t), makeUser(t)]);
  });

  const uploadVideo = (user: TestUser) => uploadFile(user.client, makeMp4(), 'video/mp4');
  const uploadImage = (user: TestUser) => uploadFile(user.client, makePng(), 'image/png');

  it('stores the poster of a video post and returns it on the post, the feed and the post page', async () => {
    const [video, poster] = await Promise.all([uploadVideo(author), uploadImage(author)]);
    const created = await makePost(author, {
      weapon: 'sabre',
      mediaUrl: video.objectPath,
      mediaType: 'video',
      mediaPosterUrl: poster.objectPath,
    });
    expect(created).toMatchObject({
      mediaUrl: video.objectPath,
      mediaType: 'video',
      mediaPosterUrl: poster.objectPath,
    });

    const feed = await other.client.get<FeedPost[]>('/api/posts/sabre');
    expect(feed.body.find((p) => p.id === created.id)?.mediaPosterUrl).toBe(poster.objectPath);
    const page = await other.client.get<FeedPost>(`/api/posts/id/${created.id}`);
    expect(page.status).toBe(200);
    expect(page.body.mediaPosterUrl).toBe(poster.objectPath);
    // The poster is served like any post image.
    const served = await fetch(t.url + poster.objectPath, { headers: { cookie: other.client.cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('leaves the field out for a video without a poster and for images', async () => {
    const [video, image] = await Promise.all([uploadVideo(author), uploadImage(author)]);
    const plain = await makePost(author, { mediaUrl: video.objectPath, mediaType: 'video' });
    expect(plain).not.toHaveProperty('mediaPosterUrl');
    const photo = await makePost(author, { mediaUrl: image.objectPath, mediaType: 'image' });
    expect(photo).not.toHaveProperty('mediaPosterUrl');
  });

  it.each([
    [
      'a poster another user uploaded',
      async () => ({ video: await uploadVideo(author), poster: await uploadImage(other) }),
      'Media must be a file you uploaded',
    ],
    [
      'a poster that is a video',
      async () => ({ video: await uploadVideo(author), poster: await uploadVideo(author) }),
      'The poster must be an uploaded image',
    ],
    [
      'a poster that was never uploaded',
      async () => ({
        video: await uploadVideo(author),
        poster: { objectPath: '/objects/post/0123456789abcdef0123456789abcdef' },
      }),
      'Media must be a file you uploaded',
    ],
    [
      'a poster that is not an object path',
      async () => ({ video: await uploadVideo(author), poster: { objectPath: 'https://example.com/x.png' } }),
      'The poster must be an uploaded image',
    ],
  ])('refuses %s with a 400', async (_case, make, message) => {
    const { video, poster } = await make();
    const res = await author.client.post<{ message: string }>('/api/posts', {
      content: 'Poster check',
      type: 'general',
      weapon: 'foil',
      mediaUrl: video.objectPath,
      mediaType: 'video',
      mediaPosterUrl: poster.objectPath,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a poster on an image post or on a post without media', async () => {
    const [image, poster] = await Promise.all([uploadImage(author), uploadImage(author)]);
    for (const media of [{ mediaUrl: image.objectPath, mediaType: 'image' }, {}]) {
      const res = await author.client.post<{ message: string }>('/api/posts', {
        content: 'Poster on the wrong post',
        type: 'general',
        weapon: 'foil',
        ...media,
        mediaPosterUrl: poster.objectPath,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Only a video has a poster');
    }
  });
});
